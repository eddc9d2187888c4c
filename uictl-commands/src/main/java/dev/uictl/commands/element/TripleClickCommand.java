package dev.uictl.commands.element;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class TripleClickCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("triple-click", "Triple-click an element with synthetic input (selects a line of text)")
            .example("triple-click @e3", "Triple-click element e3 of the latest snapshot")
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.TRIPLE_CLICK, null);
    }
}
