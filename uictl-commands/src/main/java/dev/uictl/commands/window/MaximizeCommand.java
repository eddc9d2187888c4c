package dev.uictl.commands.window;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.service.DesktopService;

public final class MaximizeCommand extends WindowActionCommand implements Command {
    static final CommandSpec SPEC = spec("maximize", "Maximize a window and verify its maximized state")
            .example("maximize class=xterm", "Maximize the xterm")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return result(ctx.service(DesktopService.class).maximize(ctx, args.string("selector")), ctx);
    }
}
