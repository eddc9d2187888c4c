package dev.uictl.app.daemon;

import java.time.Duration;

/**
 * Gives memory back to the system once the daemon goes quiet. A burst of calls (screenshots, floods of terminal
 * output) grows the heap; the serial collector returns committed heap only after a full collection, and glibc keeps
 * freed native memory in its arenas. So after {@link #QUIET} without requests, once per quiet spell, the daemon
 * runs one full collection (the JVM flags let it shrink the heap to what is live) and trims the native heap. A
 * daemon that is called continuously never pays for it; an idle one pays once, when nobody waits.
 */
final class IdleMemory {
    static final Duration QUIET = Duration.ofSeconds(5);

    private final Runnable giveBack;
    /** The activity mark the last give-back followed: nothing happened since, so there is nothing to give. */
    private long givenBackAfter = Long.MIN_VALUE;

    IdleMemory(Runnable giveBack) {
        this.giveBack = giveBack;
    }

    static IdleMemory ofThisProcess() {
        return new IdleMemory(() -> {
            System.gc();
            NativeHeap.trim();
        });
    }

    /** Called by the watchdog about once a second; gives back when the daemon has been quiet long enough. */
    void tick(int activeConnections, long lastActivityNanos, long nowNanos) {
        if (activeConnections > 0 || lastActivityNanos == givenBackAfter
                || nowNanos - lastActivityNanos < QUIET.toNanos()) {
            return;
        }
        givenBackAfter = lastActivityNanos;
        giveBack.run();
    }
}
