package dev.uictl.commands.window;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Range;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.service.DesktopService;

public final class MoveWindowCommand extends WindowActionCommand implements Command {
    static final CommandSpec SPEC = spec("move-window", "Move a window's client area to X,Y (root coordinates) and verify")
            .param(ParamSpec.positional("x", ParamType.INTEGER, "Left edge of the client area")
                    .within(Range.COORDINATE))
            .param(ParamSpec.positional("y", ParamType.INTEGER, "Top edge of the client area")
                    .within(Range.COORDINATE))
            .example("move-window class=xterm 100 80", "Put the xterm's client area at 100,80")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return result(ctx.service(DesktopService.class).move(ctx, args.string("selector"),
                Math.toIntExact(args.integer("x")), Math.toIntExact(args.integer("y"))), ctx);
    }
}
