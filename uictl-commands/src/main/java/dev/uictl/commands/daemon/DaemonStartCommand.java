package dev.uictl.commands.daemon;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;

public final class DaemonStartCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("daemon start", Category.DAEMON)
            .summary("Start the daemon for this user and display (clients also start it on first use)")
            .runsInClient()
            .errors(ErrorCode.PERMISSION_DENIED)
            .output(DaemonOutputs.STATUS)
            .example("daemon start", "Start it now instead of on the first command")
            .annotations(ToolAnnotations.additive().idempotent().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(DaemonControl.class).start(ctx.env()));
    }
}
