package dev.uictl.engine.desktop.env;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import java.time.Duration;

/**
 * How long one step of a desktop start may wait: its own limit, cut short by the call's deadline, and not a moment
 * past the call's cancellation (the client went away or the daemon is stopping). Waits poll in short slices so a
 * cancelled start reaps what it started at once instead of at the step's limit.
 */
record StartupClock(Cancellation cancellation, Deadline callDeadline) {
    static final StartupClock UNBOUNDED = new StartupClock(Cancellation.NEVER, Deadline.NONE);
    private static final long SLICE_MS = 50;

    /** The deadline of a step whose own limit is {@code limit}. */
    Deadline step(Duration limit) {
        return callDeadline.min(Deadline.after(limit));
    }

    /** The next poll's length within {@code step}; throws if the call was cancelled. Zero once the step is over. */
    long slice(Deadline step) {
        cancellation.throwIfCancelled();
        return Math.min(step.remainingMillis(), SLICE_MS);
    }
}
