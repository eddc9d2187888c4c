package dev.uictl.commands.element;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class UncheckCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("uncheck", "Make a check box unchecked (nothing to do if it is) and verify it")
            .example("uncheck @e4", "Uncheck element e4")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.UNCHECK, null);
    }
}
