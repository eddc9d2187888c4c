package dev.uictl.engine.terminal;

/** Every byte the program wrote, raw, keeping the newest {@code limit} bytes. Not thread-safe: the session locks. */
final class Transcript {
    private final byte[] ring;
    private long total;

    Transcript(int limit) {
        this.ring = new byte[limit];
    }

    void append(byte[] chunk) {
        int n = chunk.length;
        int from = Math.max(0, n - ring.length); // older bytes of a huge chunk would be overwritten anyway
        for (int i = from; i < n; ) {
            int at = (int) ((total + i) % ring.length);
            int run = Math.min(n - i, ring.length - at);
            System.arraycopy(chunk, i, ring, at, run);
            i += run;
        }
        total += n;
    }

    long total() {
        return total;
    }

    long dropped() {
        return Math.max(0, total - ring.length);
    }

    /** The kept bytes, oldest first. */
    byte[] bytes() {
        int kept = (int) Math.min(total, ring.length);
        byte[] out = new byte[kept];
        int start = (int) ((total - kept) % ring.length);
        int first = Math.min(kept, ring.length - start);
        System.arraycopy(ring, start, out, 0, first);
        System.arraycopy(ring, 0, out, first, kept - first);
        return out;
    }
}
