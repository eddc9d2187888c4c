package dev.uictl.commands.window;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.service.DesktopService;

public final class RestoreCommand extends WindowActionCommand implements Command {
    static final CommandSpec SPEC = spec("restore", "Undo minimize and maximize, and verify")
            .example("restore class=xterm", "Bring the xterm back to normal")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return result(ctx.service(DesktopService.class).restore(ctx, args.string("selector")), ctx);
    }
}
