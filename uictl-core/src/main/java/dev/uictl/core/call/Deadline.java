package dev.uictl.core.call;

import java.time.Duration;

/**
 * The instant a call must be answered by, on the monotonic clock. Services bound every wait by it; a call without
 * a {@code --timeout} still gets one from its command's default, so nothing waits forever.
 */
public record Deadline(long nanoTime) {
    /** A deadline so far away that it never limits (for background work that is cancelled instead). */
    public static final Deadline NONE = new Deadline(Long.MAX_VALUE);

    public static Deadline after(Duration d) {
        long now = System.nanoTime();
        long n = d.toNanos();
        return n >= Long.MAX_VALUE - now ? NONE : new Deadline(now + n);
    }

    public static Deadline afterMillis(long ms) {
        return after(Duration.ofMillis(Math.max(0, ms)));
    }

    public boolean isNone() {
        return nanoTime == Long.MAX_VALUE;
    }

    /** Time left, never negative. */
    public Duration remaining() {
        return isNone() ? Duration.ofNanos(Long.MAX_VALUE) : Duration.ofNanos(Math.max(0, nanoTime - System.nanoTime()));
    }

    public long remainingMillis() {
        return isNone() ? Long.MAX_VALUE : Math.max(0, (nanoTime - System.nanoTime()) / 1_000_000);
    }

    public boolean expired() {
        return !isNone() && System.nanoTime() - nanoTime >= 0;
    }

    /** The earlier of the two. */
    public Deadline min(Deadline other) {
        return nanoTime - other.nanoTime <= 0 ? this : other;
    }
}
