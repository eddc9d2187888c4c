package dev.uictl.commands.daemon;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import java.time.Duration;

public final class DaemonRestartCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("daemon restart", Category.DAEMON)
            .summary("Stop the daemon if it runs, then start a fresh one")
            .description("Stops as `daemon stop` does (waiting 5 s for the exit): a daemon that cannot answer, "
                    + "stopped or silent, is killed, and `forced` is true in the new daemon's status.")
            .runsInClient()
            .standalone()
            .errors(ErrorCode.TIMEOUT, ErrorCode.PERMISSION_DENIED)
            .output(DaemonOutputs.STATUS)
            .example("daemon restart", "Pick up a new build")
            .annotations(ToolAnnotations.destructive().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        DaemonControl control = ctx.service(DaemonControl.class);
        DaemonStatus stopped = control.stop(ctx.env(), Duration.ofSeconds(5));
        return Result.of(control.start(ctx.env()).withForced(stopped.forced()));
    }
}
