package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.Budget;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Deadline;
import java.time.Duration;

/** A caller's deadline and cancellation as the accessibility library's {@link Budget}. */
public final class Budgets {
    /** Accessibility work without a caller deadline still ends: a hung application costs at most this. */
    public static final Duration DEFAULT = Duration.ofSeconds(10);

    private Budgets() {
    }

    public static Budget of(CallContext ctx) {
        Deadline d = ctx.deadline();
        long deadline = d.isNone() ? System.nanoTime() + DEFAULT.toNanos() : d.nanoTime();
        return new Budget(deadline, () -> ctx.cancellation().isCancelled());
    }

    public static Budget of(CallContext ctx, long timeoutMs) {
        return of(ctx).atMost(Duration.ofMillis(timeoutMs));
    }
}
