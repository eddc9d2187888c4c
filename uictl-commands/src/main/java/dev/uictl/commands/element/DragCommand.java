package dev.uictl.commands.element;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class DragCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("drag", "Drag an element to another element or to x,y with "
                    + "the mouse",
                    ParamSpec.option("to", ParamType.STRING, "where to drop: an element target or x,y").asRequired())
            .example("drag @e5 --to @e9", "Drag element e5 onto element e9")
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.DRAG, null, "down", 0, args.string("to"));
    }
}
