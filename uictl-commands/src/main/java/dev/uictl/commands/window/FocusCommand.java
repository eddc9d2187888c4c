package dev.uictl.commands.window;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.service.DesktopService;

public final class FocusCommand extends WindowActionCommand implements Command {
    static final CommandSpec SPEC = spec("focus", "Activate (raise and focus) a window and verify it became active")
            .example("focus class=xterm", "Focus the only xterm")
            .example("focus @w2", "Focus the second window of the last listing")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return result(ctx.service(DesktopService.class).focus(ctx, args.string("selector")), ctx);
    }
}
