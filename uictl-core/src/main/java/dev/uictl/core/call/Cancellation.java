package dev.uictl.core.call;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An explicit cancellation token for one call. The daemon cancels it when the client goes away or the daemon
 * shuts down; services poll it or register a callback. It replaces thread interrupts, which close the shared
 * channels (X11, D-Bus, tmux) that an interrupted thread happens to be writing to.
 */
public final class Cancellation {
    /** A token that is never cancelled (in-process runs with nobody to go away). */
    public static final Cancellation NEVER = new Cancellation();

    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final List<Runnable> callbacks = new CopyOnWriteArrayList<>();
    private volatile String reason;

    public boolean isCancelled() {
        return cancelled.getCount() == 0;
    }

    /** Why the call was cancelled ("client disconnected", "daemon stopping"), or null. */
    public String reason() {
        return reason;
    }

    /** Cancels once; later calls are ignored. Callbacks run on the cancelling thread. */
    public void cancel(String why) {
        if (this == NEVER) {
            throw new IllegalStateException("the NEVER token cannot be cancelled");
        }
        synchronized (this) {
            if (isCancelled()) {
                return;
            }
            reason = why;
            cancelled.countDown();
        }
        for (Runnable r : callbacks) {
            try {
                r.run();
            } catch (RuntimeException e) {
                System.getLogger("uictl.call").log(System.Logger.Level.WARNING, "cancel callback failed", e);
            }
        }
    }

    /**
     * Runs {@code r} when the call is cancelled (at once if it already is). Close the returned registration when
     * the wait it serves is over, so a long call's many short waits do not pile up callbacks.
     */
    public Registration onCancel(Runnable r) {
        if (this == NEVER) {
            return () -> { };
        }
        callbacks.add(r);
        if (isCancelled() && callbacks.remove(r)) {
            r.run();
        }
        return () -> callbacks.remove(r);
    }

    /** A callback registered with {@link #onCancel}; closing it unregisters the callback. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** Throws {@link CancelledException} if the call was cancelled. */
    public void throwIfCancelled() {
        if (isCancelled()) {
            throw new CancelledException(reason);
        }
    }

    /**
     * Sleeps up to {@code millis}, waking early when cancelled; the cancellation-aware replacement for
     * {@code Thread.sleep} in polling loops. Returns true if the call was cancelled.
     */
    public boolean sleep(long millis) {
        try {
            return cancelled.await(Math.max(0, millis), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    /** Raised by {@link #throwIfCancelled()}; the dispatcher reports it and nobody is listening any more. */
    public static final class CancelledException extends RuntimeException {
        public CancelledException(String reason) {
            super("the call was cancelled" + (reason == null ? "" : ": " + reason), null, false, false);
        }
    }
}
