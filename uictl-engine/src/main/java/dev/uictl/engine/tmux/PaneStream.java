package dev.uictl.engine.tmux;

import dev.uictl.core.buffer.ByteRing;
import java.util.ArrayDeque;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Terminal;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What one pane wrote since uictl began watching it, fed by the control client's {@code %output}: the last
 * {@link #CAPACITY} bytes (held in an array that grows as output arrives) with absolute offsets (so a caller can ask for "output after my mark"), when output last
 * arrived, and recent arrivals for the output velocity. Thread-safe; {@link PaneEvents} is signalled on each change.
 */
final class PaneStream {
    static final int CAPACITY = 1 << 20;
    private static final long VELOCITY_WINDOW_NANOS = 2_000_000_000L;

    private record Arrival(long nanoTime, int bytes) {
    }

    private final String paneId;
    /** Names this watch of the pane in {@link OutputMarks}: a reconnect watches anew, from offset 0. */
    private final String watch = Long.toString(ThreadLocalRandom.current().nextLong(1L << 32), 36);
    private final long watchingSince = System.nanoTime();
    private final ByteRing ring = new ByteRing(CAPACITY);
    private final ArrayDeque<Arrival> recent = new ArrayDeque<>();
    private long lastOutputNanos = -1;
    private final PaneEvents events;
    private Terminal screen;

    PaneStream(String paneId, PaneEvents events) {
        this.paneId = paneId;
        this.events = events;
    }

    String paneId() {
        return paneId;
    }

    String watch() {
        return watch;
    }

    void append(byte[] data, long nanoTime) {
        if (data.length == 0) {
            return;
        }
        synchronized (this) {
            ring.append(data);
            lastOutputNanos = nanoTime;
            if (screen != null) {
                screen.write(data);
            }
            recent.addLast(new Arrival(nanoTime, data.length));
            trim(nanoTime);
        }
        events.signal();
    }

    /**
     * The pane's screen in uictl's emulator: seeded from the pane as tmux shows it on first use
     * ({@link #installScreen}), then kept current by the output stream.
     */
    synchronized boolean hasScreen() {
        return screen != null;
    }

    /** Installs the seeded emulator unless another call did first (the seed is captured outside this lock). */
    synchronized void installScreen(Terminal seeded) {
        if (screen == null) {
            screen = seeded;
        }
    }

    synchronized ScreenSnapshot screen(boolean cells) {
        return screen.snapshot(cells, 0);
    }

    /** The absolute offset of the next byte: a mark to ask later for newer output. */
    synchronized long position() {
        return ring.total();
    }

    /** Bytes written after {@code mark} (those still held; older ones are gone). */
    synchronized byte[] since(long mark) {
        return ring.since(mark);
    }

    synchronized long bytesSince(long mark) {
        return Math.max(0, ring.total() - mark);
    }

    /** When output last arrived (System.nanoTime), or -1 if none since watching began. */
    synchronized long lastOutputNanos() {
        return lastOutputNanos;
    }

    long watchingSince() {
        return watchingSince;
    }

    /** Nanoseconds without output: since the last output, or since watching began. */
    synchronized long quietNanos(long now) {
        return Math.max(0, now - (lastOutputNanos < 0 ? watchingSince : lastOutputNanos)); // output may be newer than now
    }

    synchronized long totalBytes() {
        return ring.total();
    }

    /** Bytes per second over the last two seconds (or the time watched, if shorter). */
    synchronized double velocity(long now) {
        trim(now);
        long bytes = recent.stream().mapToLong(Arrival::bytes).sum();
        long span = Math.min(VELOCITY_WINDOW_NANOS, Math.max(1, now - watchingSince));
        return bytes * 1e9 / span;
    }

    private void trim(long now) {
        while (!recent.isEmpty() && now - recent.peekFirst().nanoTime() > VELOCITY_WINDOW_NANOS) {
            recent.removeFirst();
        }
    }

    @Override
    public String toString() {
        return "PaneStream[" + paneId + ", " + totalBytes() + " bytes, tail=" + Arrays.toString(since(totalBytes() - 8)) + "]";
    }
}
