package dev.uictl.engine.desktop.element;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Reads an element until its state holds, or {@code until} passes: toolkits announce no event for many of the states
 * an action waits on (focus taken, a list opened, a value read back), so the element is read again every
 * {@link #INTERVAL_MS}, the wait ending early when the call is cancelled.
 */
final class StateWait {
    static final long INTERVAL_MS = 20;

    private StateWait() {
    }

    /** The state that held; empty when {@code until} passed first or {@code read} said the element is gone (null). */
    static Optional<ElementState> until(Supplier<ElementState> read, Predicate<ElementState> holds, Deadline until,
                                        Cancellation cancellation) {
        while (true) {
            ElementState s = read.get();
            if (s == null) {
                return Optional.empty();
            }
            if (holds.test(s)) {
                return Optional.of(s);
            }
            if (until.remainingMillis() <= 0) {
                return Optional.empty();
            }
            cancellation.sleep(Math.min(INTERVAL_MS, until.remainingMillis()));
        }
    }
}
