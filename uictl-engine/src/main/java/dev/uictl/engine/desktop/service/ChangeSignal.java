package dev.uictl.engine.desktop.service;

import dev.uictl.core.call.Cancellation;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** A version counter bumped by window-system events; waiters sleep until it moves or their poll interval ends. */
final class ChangeSignal {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private long version;

    void bump() {
        lock.lock();
        try {
            version++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    long version() {
        lock.lock();
        try {
            return version;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until the version differs from {@code seen}, {@code nanos} pass, or the call is cancelled.
     *
     * @throws Cancellation.CancelledException when the call was cancelled
     */
    void awaitChange(long seen, long nanos, Cancellation cancellation) {
        try (Cancellation.Registration ignored = cancellation.onCancel(this::wake)) {
            lock.lock();
            try {
                long left = nanos;
                while (version == seen && left > 0 && !cancellation.isCancelled()) {
                    left = changed.awaitNanos(left);
                }
            } catch (InterruptedException e) {
                // Nobody interrupts callers any more (cancellation comes as the token); keep the flag for them.
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
        }
        cancellation.throwIfCancelled();
    }

    private void wake() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    static long millisToNanos(long ms) {
        return TimeUnit.MILLISECONDS.toNanos(ms);
    }
}
