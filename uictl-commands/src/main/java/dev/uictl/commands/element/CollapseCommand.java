package dev.uictl.commands.element;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class CollapseCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("collapse", "Collapse a tree row or expander and verify it is collapsed")
            .example("collapse 'role=cell name=Colors'", "Collapse the Colors row")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.COLLAPSE, null);
    }
}
