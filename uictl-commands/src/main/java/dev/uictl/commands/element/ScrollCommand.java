package dev.uictl.commands.element;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class ScrollCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("scroll", "Scroll inside an element with the mouse wheel at its centre",
                    ParamSpec.option("direction", ParamType.ENUM, "which way").choices("up", "down", "left", "right")
                            .defaultsTo("down"),
                    ParamSpec.option("amount", ParamType.INTEGER, "wheel clicks").defaultsTo("3").between(1, 100))
            .example("scroll 'role=table name=Fruits' --amount 5", "Scroll the Fruits list down five clicks")
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.SCROLL, null, args.stringOr("direction", "down"),
                Math.toIntExact(args.integerOr("amount", 3)), null);
    }
}
