package dev.uictl.engine.tmux;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * One wake-up signal per tmux server: pane output, a notification, the client ending. Waiters re-check their
 * condition on each signal instead of polling tmux; they also wake at their own next instant of interest (a
 * quiet period ending), at the deadline and on cancellation.
 */
final class PaneEvents {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private long generation;

    void signal() {
        lock.lock();
        try {
            generation++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until {@code done} holds, re-checking on every signal and at least every {@code recheckNanos}; returns
     * false at the deadline or on cancellation.
     */
    boolean await(BooleanSupplier done, long recheckNanos, Deadline deadline, Cancellation cancellation) {
        if (cancellation != Cancellation.NEVER) {
            cancellation.onCancel(this::signal); // a token lives for one call, so its callbacks do not pile up
        }
        while (true) {
            long seen;
            lock.lock();
            try {
                seen = generation;
            } finally {
                lock.unlock();
            }
            if (done.getAsBoolean()) {
                return true;
            }
            if (deadline.expired() || cancellation.isCancelled()) {
                return false;
            }
            long wait = Math.min(recheckNanos, deadline.remaining().toNanos());
            lock.lock();
            try {
                if (generation == seen) {
                    changed.await(Math.max(1, wait), TimeUnit.NANOSECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } finally {
                lock.unlock();
            }
        }
    }
}
