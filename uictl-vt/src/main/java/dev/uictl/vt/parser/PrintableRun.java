package dev.uictl.vt.parser;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds where a run of printable ASCII (0x20–0x7E) ends, eight bytes per step: plain output is almost all such
 * runs, and a byte-at-a-time scan was a fifth of the parser + screen time.
 */
final class PrintableRun {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;

    private PrintableRun() {}

    /** The index of the first byte in {@code data[from, end)} that is not printable ASCII, or {@code end}. */
    static int end(byte[] data, int from, int end) {
        int i = from;
        while (i <= end - Long.BYTES) {
            long word = (long) LONGS.get(data, i);
            // Per byte, the high bit of: the byte itself (≥ 0x80), byte - 0x20 (below 0x20 borrows), byte + 1
            // (0x7F carries). A borrow or carry only spills into higher bytes, i.e. past the first bad byte, so the
            // lowest flagged byte (little-endian: lowest address) is exactly the first non-printable one.
            long bad = (word | word - 0x20 * ONES | word + ONES) & HIGH_BITS;
            if (bad != 0) return i + (Long.numberOfTrailingZeros(bad) >>> 3);
            i += Long.BYTES;
        }
        while (i < end && data[i] >= 0x20 && data[i] < 0x7F) i++;
        return i;
    }
}
