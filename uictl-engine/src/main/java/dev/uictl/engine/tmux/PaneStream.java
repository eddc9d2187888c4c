package dev.uictl.engine.tmux;

import java.util.ArrayDeque;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Terminal;
import java.util.Arrays;

/**
 * What one pane wrote since uictl began watching it, fed by the control client's {@code %output}: the last
 * {@link #CAPACITY} bytes with absolute offsets (so a caller can ask for "output after my mark"), when output last
 * arrived, and recent arrivals for the output velocity. Thread-safe; {@link PaneEvents} is signalled on each change.
 */
final class PaneStream {
    static final int CAPACITY = 1 << 20;
    private static final long VELOCITY_WINDOW_NANOS = 2_000_000_000L;

    private record Arrival(long nanoTime, int bytes) {
    }

    private final String paneId;
    private final long watchingSince = System.nanoTime();
    private final byte[] ring = new byte[CAPACITY];
    private final ArrayDeque<Arrival> recent = new ArrayDeque<>();
    private long total;
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

    void append(byte[] data, long nanoTime) {
        if (data.length == 0) {
            return;
        }
        synchronized (this) {
            int n = data.length;
            int from = Math.max(0, n - CAPACITY);
            for (int i = from; i < n; i++) {
                ring[(int) ((total + i) % CAPACITY)] = data[i];
            }
            total += n;
            lastOutputNanos = nanoTime;
            if (screen != null) {
                screen.write(data);
            }
            recent.addLast(new Arrival(nanoTime, n));
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
        return total;
    }

    /** Bytes written after {@code mark} (those still held; older ones are gone). */
    synchronized byte[] since(long mark) {
        long start = Math.max(mark, Math.max(0, total - CAPACITY));
        int n = (int) (total - start);
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = ring[(int) ((start + i) % CAPACITY)];
        }
        return out;
    }

    synchronized long bytesSince(long mark) {
        return Math.max(0, total - mark);
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
        return total;
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
        return "PaneStream[" + paneId + ", " + total + " bytes, tail=" + Arrays.toString(since(total - 8)) + "]";
    }
}
