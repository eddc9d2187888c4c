package dev.uictl.x11.io;

import java.util.function.BooleanSupplier;

/**
 * The bound of the caller on whose behalf replies are awaited: a reply wait ends at the caller's deadline or as soon
 * as the caller is cancelled, not only at the connection's reply timeout. Bound per call with a scoped value, so
 * code many layers above {@link Cookie#reply} (window queries, EWMH helpers) needs no extra parameter, and a caller
 * that binds nothing waits as before.
 */
public final class ReplyWaits {
    private static final ScopedValue<Bound> CURRENT = ScopedValue.newInstance();
    /** No caller bound: only the reply timeout ends a wait. */
    static final Bound UNBOUND = new Bound(() -> false, Long.MAX_VALUE);

    private ReplyWaits() {
    }

    /**
     * A caller's bound: {@code cancelled} says whether the caller is gone, {@code deadlineNanos} is a
     * {@link System#nanoTime()} instant ({@code Long.MAX_VALUE} for none).
     */
    public record Bound(BooleanSupplier cancelled, long deadlineNanos) {
        boolean hasDeadline() {
            return deadlineNanos != Long.MAX_VALUE;
        }
    }

    /** Runs {@code op} with every reply wait inside it bound by {@code bound}. */
    public static <T, X extends Throwable> T within(Bound bound, ScopedValue.CallableOp<T, X> op) throws X {
        return ScopedValue.where(CURRENT, bound).call(op);
    }

    /** The bound of the running call, or {@link #UNBOUND}. */
    static Bound current() {
        return CURRENT.isBound() ? CURRENT.get() : UNBOUND;
    }
}
