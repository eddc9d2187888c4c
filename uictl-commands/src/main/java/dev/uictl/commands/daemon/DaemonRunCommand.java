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

public final class DaemonRunCommand implements Command {
    static final long DEFAULT_IDLE_SECONDS = 1800;
    /** Up to a week; 0 (never) covers longer. */
    private static final Range IDLE_SECONDS = Range.of(0, 7 * 86_400);

    static final CommandSpec SPEC = CommandSpec.builder("daemon run", Category.DAEMON)
            .summary("Run the daemon in the foreground (clients start it this way); prints its status when it stops")
            .runsInClient()
            .standalone()
            .param(ParamSpec.option("idle-timeout", ParamType.INTEGER,
                    "Seconds without requests before the daemon exits (default 1800; 0 = never); "
                            + "env UICTL_IDLE_TIMEOUT")
                    .within(IDLE_SECONDS))
            .errors(ErrorCode.ACTION_FAILED, ErrorCode.PERMISSION_DENIED)
            .output(DaemonOutputs.STATUS)
            .example("daemon run --idle-timeout 0", "Serve until stopped, e.g. under a supervisor")
            .annotations(ToolAnnotations.additive().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        long seconds = args.has("idle-timeout") ? args.integer("idle-timeout") : idleTimeoutFromEnv(ctx);
        if (!IDLE_SECONDS.contains(seconds)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the idle timeout must be in " + IDLE_SECONDS.text()
                    + " seconds, got " + seconds).withDetail("range", IDLE_SECONDS.text());
        }
        DaemonControl control = ctx.service(DaemonControl.class);
        control.runForeground(ctx.env(), Duration.ofSeconds(seconds));
        return Result.of(control.status(ctx.env()));
    }

    private static long idleTimeoutFromEnv(CommandContext ctx) {
        String value = ctx.env().getOrDefault("UICTL_IDLE_TIMEOUT", "").trim();
        if (value.isEmpty()) {
            return DEFAULT_IDLE_SECONDS;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "UICTL_IDLE_TIMEOUT='" + value + "' is not a number")
                    .withHint("export UICTL_IDLE_TIMEOUT=1800");
        }
    }
}
