package dev.uictl.commands.daemon;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Range;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import java.time.Duration;

public final class DaemonStopCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("daemon stop", Category.DAEMON)
            .summary("Stop the daemon cleanly (sessions closed, processes reaped); a no-op when none runs")
            .description("The daemon answers the request, lets requests in flight finish for 2 s, cancels the rest, "
                    + "ends its terminal sessions and exits; `--timeout` is how long to wait for the exit (TIMEOUT "
                    + "past it, the daemon still exiting). A daemon that cannot answer (stopped by SIGSTOP or a "
                    + "debugger, noticed within about a second, or silent for 5 s) is killed with SIGKILL instead, "
                    + "once its pid file and /proc/PID/cmdline show it is a uictl daemon; its socket and pid file "
                    + "are removed, `forced` is true, and its terminal sessions' programs are ended by the next "
                    + "daemon.")
            .runsInClient()
            .standalone()
            .param(ParamSpec.option("timeout", ParamType.INTEGER, "Milliseconds to wait for it to exit")
                    .defaultsTo("5000").within(Range.TIMEOUT_MS))
            .errors(ErrorCode.TIMEOUT, ErrorCode.PERMISSION_DENIED)
            .output(DaemonOutputs.STATUS)
            .example("daemon stop", "Stop the daemon for $DISPLAY")
            .annotations(ToolAnnotations.destructive().idempotent().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        long timeout = args.integer("timeout");
        if (timeout < 0) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--timeout must be >= 0 ms, got " + timeout)
                    .withHint("uictl daemon stop --timeout 5000");
        }
        return Result.of(ctx.service(DaemonControl.class).stop(ctx.env(), Duration.ofMillis(timeout)));
    }
}
