package dev.uictl.commands.window;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.service.DesktopService;

public final class CloseCommand extends WindowActionCommand implements Command {
    static final CommandSpec SPEC = closeSpec("close", "Ask a window to close (_NET_CLOSE_WINDOW) and verify it is gone")
            .example("close title~=Untitled", "Close the window whose title contains Untitled")
            .annotations(ToolAnnotations.destructive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return result(ctx.service(DesktopService.class).close(ctx, args.string("selector")), ctx);
    }
}
