package dev.uictl.commands.element;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class ClearCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("clear", "Empty a text field and verify it reads back empty")
            .example("clear 'role=textfield name=\"Name field\"'", "Empty the name field")
            .annotations(ToolAnnotations.destructive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.CLEAR, null);
    }
}
