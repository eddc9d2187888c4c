package dev.uictl.atspi.bus;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * How long a caller may wait, on the {@link System#nanoTime()} clock, and whether it has given up. Every blocking
 * method of this library takes one, so no call outlives its caller's deadline.
 */
public record Budget(long deadlineNanos, BooleanSupplier cancelled) {
    public static final BooleanSupplier NEVER = () -> false;

    public static Budget of(Duration timeout) {
        return new Budget(System.nanoTime() + timeout.toNanos(), NEVER);
    }

    public long remainingNanos() {
        return deadlineNanos - System.nanoTime();
    }

    public boolean expired() {
        return remainingNanos() <= 0;
    }

    /**
     * At most {@code cap} and at most half of what is left: a wait that may end without an answer (a hung
     * application) leaves time for the work after it.
     */
    public Budget share(Duration cap) {
        return atMost(Duration.ofNanos(Math.max(0, Math.min(cap.toNanos(), remainingNanos() / 2))));
    }

    /** A budget that ends no later than {@code cap} from now. */
    public Budget atMost(Duration cap) {
        long capped = System.nanoTime() + cap.toNanos();
        return new Budget(capped - deadlineNanos < 0 ? capped : deadlineNanos, cancelled);
    }
}
