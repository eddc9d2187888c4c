package dev.uictl.app.dispatch;

import dev.uictl.core.call.Deadline;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamType;

/**
 * The deadline a call carries into the services ({@code CallContext.deadline()}): a command's {@code --timeout}
 * (milliseconds, given or defaulted) bounds its waits, and the call as a whole — the wait plus what follows it,
 * such as reading the screen back — ends a grace period later. A command without a timeout has no deadline of its
 * own; it is still cancelled when its caller goes away.
 */
final class CallDeadline {
    /** Time after the waits' own timeout for the work that follows them (reading back, reporting). */
    static final long GRACE_MS = 5_000;
    private static final String TIMEOUT = "timeout";

    private CallDeadline() {
    }

    static Deadline of(CommandSpec spec, Args args) {
        boolean hasTimeout = spec.params().stream()
                .anyMatch(p -> p.name().equals(TIMEOUT) && p.type() == ParamType.INTEGER && !p.positional());
        Long ms = hasTimeout ? args.integerOrNull(TIMEOUT) : null;
        if (ms == null || ms < 0) {
            return Deadline.NONE;
        }
        return Deadline.afterMillis(Math.min(ms, Long.MAX_VALUE / 4) + GRACE_MS);
    }
}
