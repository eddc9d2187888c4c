package dev.uictl.commands.element;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class ToggleCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("toggle", "Flip a check box or toggle button and verify the checked state changed")
            .example("toggle 'role=checkbox name=\"Enable feature\"'", "Flip the check box")
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.TOGGLE, null);
    }
}
