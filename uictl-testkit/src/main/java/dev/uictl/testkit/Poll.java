package dev.uictl.testkit;

import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The one polling helper of the tests, for state another process brings about without an event a test could wait
 * on (a file written, /proc, a tmux pane, a window property): re-checks every {@link #INTERVAL} until the
 * condition holds and fails, naming what was awaited, when it does not within the timeout. Never a fixed sleep.
 */
public final class Poll {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration INTERVAL = Duration.ofMillis(10);

    private Poll() {
    }

    /** Waits up to {@link #DEFAULT_TIMEOUT} for {@code condition}. */
    public static void until(String what, BooleanSupplier condition) {
        until(what, DEFAULT_TIMEOUT, condition);
    }

    public static void until(String what, Duration timeout, BooleanSupplier condition) {
        value(what, timeout, () -> condition.getAsBoolean() ? Optional.of(Boolean.TRUE) : Optional.empty());
    }

    /** The first value {@code probe} yields within {@code timeout}. */
    public static <T> T value(String what, Duration timeout, Supplier<Optional<T>> probe) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<T> v = probe.get();
            if (v.isPresent()) {
                return v.get();
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(what + ": not reached within " + timeout.toMillis() + " ms");
            }
            try {
                Thread.sleep(INTERVAL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(what + ": interrupted while polling", e);
            }
        }
    }

    /** Whether {@code condition} holds within {@code timeout} (for tests that assert something stays false). */
    public static boolean holdsWithin(Duration timeout, BooleanSupplier condition) {
        try {
            until("condition", timeout, condition);
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }
}
