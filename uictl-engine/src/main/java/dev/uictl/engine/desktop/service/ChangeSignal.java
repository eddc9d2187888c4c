package dev.uictl.engine.desktop.service;

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

    /** Waits until the version differs from {@code seen} or {@code nanos} pass. */
    void awaitChange(long seen, long nanos) throws InterruptedException {
        lock.lock();
        try {
            long left = nanos;
            while (version == seen && left > 0) {
                left = changed.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    static long millisToNanos(long ms) {
        return TimeUnit.MILLISECONDS.toNanos(ms);
    }
}
