package dev.uictl.core.buffer;

import java.util.Objects;

/**
 * The newest bytes of a stream, at most {@code limit} of them, addressed by absolute offset (the count of bytes
 * appended before). The array grows on demand, doubling from a small start up to the limit, so a quiet stream
 * costs what it holds, not what it might hold; once full it wraps and the oldest bytes are dropped. Not
 * thread-safe: the owner locks.
 */
public final class ByteRing {
    private static final int INITIAL_CAPACITY = 4096;

    private final int limit;
    private byte[] buf;
    /** Index in {@link #buf} of the oldest byte held. */
    private int head;
    private int held;
    private long total;

    public ByteRing(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a byte ring holds at least one byte: " + limit);
        }
        this.limit = limit;
        this.buf = new byte[Math.min(INITIAL_CAPACITY, limit)];
    }

    public void append(byte[] data) {
        append(data, 0, data.length);
    }

    public void append(byte[] data, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, data.length);
        total += length;
        if (length >= limit) { // only the newest limit bytes of this chunk survive
            ensureCapacity(limit);
            System.arraycopy(data, offset + length - limit, buf, 0, limit);
            head = 0;
            held = limit;
            return;
        }
        ensureCapacity(Math.min(limit, held + length));
        int overflow = held + length - buf.length;
        if (overflow > 0) {
            head = (head + overflow) % buf.length;
            held -= overflow;
        }
        int tail = (head + held) % buf.length;
        int first = Math.min(length, buf.length - tail);
        System.arraycopy(data, offset, buf, tail, first);
        System.arraycopy(data, offset + first, buf, 0, length - first);
        held += length;
    }

    /** Bytes appended so far, held or not: the offset the next byte will have. */
    public long total() {
        return total;
    }

    /** Bytes appended but no longer held. */
    public long dropped() {
        return total - held;
    }

    public int held() {
        return held;
    }

    public int limit() {
        return limit;
    }

    /** The size of the array in use: what the ring costs now. */
    public int capacity() {
        return buf.length;
    }

    /** Every byte held, oldest first. */
    public byte[] bytes() {
        return since(0);
    }

    /** The held bytes at offsets from {@code mark} on (older ones are gone), oldest first. */
    public byte[] since(long mark) {
        long from = Math.max(mark, dropped());
        if (from >= total) {
            return new byte[0];
        }
        int skip = (int) (from - dropped());
        byte[] out = new byte[held - skip];
        int start = (head + skip) % buf.length;
        int first = Math.min(out.length, buf.length - start);
        System.arraycopy(buf, start, out, 0, first);
        System.arraycopy(buf, 0, out, first, out.length - first);
        return out;
    }

    private void ensureCapacity(int needed) {
        if (needed <= buf.length) {
            return;
        }
        byte[] kept = bytes();
        buf = new byte[(int) Math.min(limit, Math.max(needed, 2L * buf.length))];
        System.arraycopy(kept, 0, buf, 0, kept.length);
        head = 0;
    }
}
