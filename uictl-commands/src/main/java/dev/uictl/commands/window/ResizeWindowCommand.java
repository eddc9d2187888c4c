package dev.uictl.commands.window;

import dev.uictl.core.error.ErrorCode;
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

public final class ResizeWindowCommand extends WindowActionCommand implements Command {
    static final CommandSpec SPEC = spec("resize-window", "Resize a window's client area to WxH and verify")
            .param(ParamSpec.positional("width", ParamType.INTEGER, "Client width in pixels").within(Range.PIXELS))
            .param(ParamSpec.positional("height", ParamType.INTEGER, "Client height in pixels").within(Range.PIXELS))
            .example("resize-window class=xterm 640 400", "Make the xterm about 640x400 (xterm snaps to character cells)")
            .errors(ErrorCode.INVALID_ARGS)
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return result(ctx.service(DesktopService.class).resize(ctx, args.string("selector"),
                Math.toIntExact(args.integer("width")), Math.toIntExact(args.integer("height"))), ctx);
    }
}
