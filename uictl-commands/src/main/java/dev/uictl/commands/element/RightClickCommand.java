package dev.uictl.commands.element;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class RightClickCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("right-click", "Right-click an element (its menu action, else a synthetic right click)")
            .example("right-click 'role=button name=\"Press me\"' --physical", "Right-click a button with the mouse")
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.RIGHT_CLICK, null);
    }
}
