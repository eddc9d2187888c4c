package dev.uictl.engine.desktop.capture.codec;

import java.util.Arrays;

/**
 * Writes bytes as one deflate block of literals only, coded with a Huffman code built for these bytes, then
 * an empty stored block so the output ends byte-aligned and the next band's deflate data can follow it. Photo-like
 * rows leave string matching nothing to find, so the code alone is the compression; done here it costs one pass
 * of table look-ups (zlib's Huffman-only mode still keeps its sliding window and hash table up to date: measured
 * 6.8 ns a byte under the daemon's C1 compiler, libdeflate's fastest level 6.1 ns).
 */
final class HuffmanOnlyBlock {
    /** The literals 0..255 and the end-of-block symbol. */
    private static final int SYMBOLS = 257;
    private static final int END_OF_BLOCK = 256;
    private static final int MAX_CODE_LENGTH = 15;
    /** Code lengths are sent with a flat code: the 16 lengths 0..15 as 4 bits each, the run symbols unused. */
    private static final int LENGTH_CODE_BITS = 4;
    /** The order RFC 1951 §3.2.7 sends the code-length code's lengths in. */
    private static final int[] LENGTH_CODE_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

    /** LEN 0 and NLEN 0xFFFF of an empty stored block. */
    private static final byte[] STORED_EMPTY = {0, 0, (byte) 0xFF, (byte) 0xFF};
    private static final int SAMPLE_EVERY_ROWS = 4;
    /** Bytes coded between checks that the buffer has room: at most 15 bits each. */
    private static final int CHUNK = 1 << 16;

    private HuffmanOnlyBlock() {
    }

    /**
     * Returns {@code prefix}, then {@code data[0, length)} as a non-final block followed by an empty stored block,
     * then {@code suffix}. The code is built from every {@value #SAMPLE_EVERY_ROWS}th row of {@code rowLength}
     * bytes (counting all of them cost a third of the coding itself), every byte value keeping a code.
     */
    static byte[] write(byte[] data, int length, int rowLength, byte[] prefix, byte[] suffix) {
        int[] frequencies = new int[SYMBOLS];
        Arrays.fill(frequencies, 1);
        long sampled = 0;
        for (int row = 0; row < length; row += rowLength * SAMPLE_EVERY_ROWS) {
            int end = Math.min(length, row + rowLength);
            for (int i = row; i < end; i++) {
                frequencies[data[i] & 0xFF]++;
            }
            sampled += end - row;
        }
        int[] lengths = codeLengths(frequencies);
        int[] codes = canonicalCodes(lengths);
        long sampleBits = 0;
        for (int s = 0; s < 256; s++) {
            sampleBits += (long) frequencies[s] * lengths[s];
        }
        long estimate = (long) (sampleBits * ((double) length / Math.max(1, sampled)) / 8);
        BitWriter out = new BitWriter(Math.toIntExact(Math.min(2L * length, estimate + estimate / 8)
                + prefix.length + suffix.length + 1024));
        out.bytes(prefix);
        out.bits(0, 1); // BFINAL = 0
        out.bits(2, 2); // BTYPE = 10, dynamic Huffman codes
        out.bits(SYMBOLS - 257, 5); // HLIT
        out.bits(2 - 1, 5); // HDIST: two distance codes of one bit, a complete code no symbol uses
        out.bits(LENGTH_CODE_ORDER.length - 4, 4); // HCLEN
        for (int symbol : LENGTH_CODE_ORDER) {
            out.bits(symbol < 16 ? LENGTH_CODE_BITS : 0, 3);
        }
        for (int s = 0; s < SYMBOLS; s++) {
            out.bits(Integer.reverse(lengths[s]) >>> (32 - LENGTH_CODE_BITS), LENGTH_CODE_BITS);
        }
        out.bits(Integer.reverse(1) >>> (32 - LENGTH_CODE_BITS), LENGTH_CODE_BITS); // distance code 0: one bit
        out.bits(Integer.reverse(1) >>> (32 - LENGTH_CODE_BITS), LENGTH_CODE_BITS); // distance code 1: one bit
        int[] table = new int[256];
        for (int s = 0; s < 256; s++) {
            table[s] = codes[s] | lengths[s] << 16;
        }
        out.literals(data, length, table);
        out.bits(codes[END_OF_BLOCK], lengths[END_OF_BLOCK]);
        out.bits(0, 3); // an empty stored block: BFINAL = 0, BTYPE = 00, then aligned LEN 0 and NLEN 0xFFFF
        out.alignToByte();
        out.bytes(STORED_EMPTY);
        out.bytes(suffix);
        return out.toByteArray();
    }

    /** Lengths of a length-limited Huffman code for the symbols with non-zero frequency (zero for the others). */
    static int[] codeLengths(int[] frequencies) {
        int used = 0;
        for (int f : frequencies) {
            used += f > 0 ? 1 : 0;
        }
        // Symbols by ascending frequency; a long holds frequency and symbol so one sort orders both.
        long[] order = new long[used];
        for (int s = 0, i = 0; s < frequencies.length; s++) {
            if (frequencies[s] > 0) {
                order[i++] = (long) frequencies[s] << 32 | s;
            }
        }
        Arrays.sort(order);
        int[] lengths = new int[frequencies.length];
        if (used == 1) {
            lengths[(int) order[0]] = 1;
            return lengths;
        }
        int[] work = new int[used];
        for (int i = 0; i < used; i++) {
            work[i] = (int) (order[i] >>> 32);
        }
        minimumRedundancyLengths(work);
        int[] perLength = limitLengths(work);
        // The rarest symbols take the longest codes.
        int i = 0;
        for (int length = MAX_CODE_LENGTH; length >= 1; length--) {
            for (int n = perLength[length]; n > 0; n--) {
                lengths[(int) order[i++]] = length;
            }
        }
        return lengths;
    }

    /**
     * Moffat and Katajainen's in-place computation of Huffman code lengths: {@code a} holds frequencies in ascending
     * order (at least two) and is replaced by the lengths of their codes, which come out in descending order.
     */
    private static void minimumRedundancyLengths(int[] a) {
        int n = a.length;
        a[0] += a[1];
        int root = 0;
        int leaf = 2;
        for (int next = 1; next < n - 1; next++) {
            if (leaf >= n || a[root] < a[leaf]) {
                a[next] = a[root];
                a[root++] = next;
            } else {
                a[next] = a[leaf++];
            }
            if (leaf >= n || (root < next && a[root] < a[leaf])) {
                a[next] += a[root];
                a[root++] = next;
            } else {
                a[next] += a[leaf++];
            }
        }
        a[n - 2] = 0;
        for (int next = n - 3; next >= 0; next--) {
            a[next] = a[a[next]] + 1;
        }
        int available = 1;
        int usedAtDepth = 0;
        int depth = 0;
        root = n - 2;
        int next = n - 1;
        while (available > 0) {
            while (root >= 0 && a[root] == depth) {
                usedAtDepth++;
                root--;
            }
            while (available > usedAtDepth) {
                a[next--] = depth;
                available--;
            }
            available = 2 * usedAtDepth;
            depth++;
            usedAtDepth = 0;
        }
    }

    /**
     * How many codes each length 1..15 gets once codes longer than deflate allows are cut to 15 bits. The cut
     * over-fills the code (Kraft sum above one); moving the deepest shorter codes one level down drains it, and
     * any overshoot is refilled by moving 15-bit codes up to 14, so the code ends complete, as zlib requires of
     * literal codes.
     */
    private static int[] limitLengths(int[] lengths) {
        int[] perLength = new int[MAX_CODE_LENGTH + 1];
        for (int length : lengths) {
            perLength[Math.min(length, MAX_CODE_LENGTH)]++;
        }
        long full = 1L << MAX_CODE_LENGTH;
        long kraft = 0;
        for (int length = 1; length <= MAX_CODE_LENGTH; length++) {
            kraft += (long) perLength[length] << (MAX_CODE_LENGTH - length);
        }
        while (kraft > full) {
            int length = MAX_CODE_LENGTH - 1;
            while (perLength[length] == 0) {
                length--;
            }
            perLength[length]--;
            perLength[length + 1]++;
            kraft -= 1L << (MAX_CODE_LENGTH - length - 1);
        }
        while (kraft < full) {
            perLength[MAX_CODE_LENGTH]--;
            perLength[MAX_CODE_LENGTH - 1]++;
            kraft++;
        }
        return perLength;
    }

    /** RFC 1951 §3.2.2's canonical codes for the lengths, bit-reversed: deflate sends codes from their top bit. */
    static int[] canonicalCodes(int[] lengths) {
        int[] perLength = new int[MAX_CODE_LENGTH + 1];
        for (int length : lengths) {
            perLength[length]++;
        }
        perLength[0] = 0;
        int[] next = new int[MAX_CODE_LENGTH + 1];
        int code = 0;
        for (int length = 1; length <= MAX_CODE_LENGTH; length++) {
            code = (code + perLength[length - 1]) << 1;
            next[length] = code;
        }
        int[] codes = new int[lengths.length];
        for (int s = 0; s < lengths.length; s++) {
            if (lengths[s] > 0) {
                codes[s] = Integer.reverse(next[lengths[s]]++) >>> (32 - lengths[s]);
            }
        }
        return codes;
    }

    /** Deflate's bit order: values packed from the least significant bit up, into a buffer of known size. */
    private static final class BitWriter {
        private byte[] buffer;
        private int position;
        private long pending;
        private int pendingBits;

        BitWriter(int capacity) {
            buffer = new byte[capacity];
        }

        void bits(int value, int count) {
            ensureRoom(8);
            pending |= (long) value << pendingBits;
            pendingBits += count;
            while (pendingBits >= 8) {
                buffer[position++] = (byte) pending;
                pending >>>= 8;
                pendingBits -= 8;
            }
        }

        /**
         * The hot loop: each byte's code from {@code table} ({@code code | length << 16}), two bytes at a time (at
         * most 30 bits, which the 64-bit accumulator holds beside up to 31 pending), 32 bits out at a time.
         */
        void literals(byte[] data, int length, int[] table) {
            for (int from = 0; from < length; from += CHUNK) {
                int to = Math.min(length, from + CHUNK);
                ensureRoom((to - from) * 2L + 8);
                byte[] out = buffer;
                int p = position;
                long acc = pending;
                int n = pendingBits;
                int i = from;
                for (; i + 1 < to; i += 2) {
                    int first = table[data[i] & 0xFF];
                    int second = table[data[i + 1] & 0xFF];
                    acc |= (long) (first & 0xFFFF) << n;
                    n += first >>> 16;
                    acc |= (long) (second & 0xFFFF) << n;
                    n += second >>> 16;
                    if (n >= 32) {
                        out[p] = (byte) acc;
                        out[p + 1] = (byte) (acc >>> 8);
                        out[p + 2] = (byte) (acc >>> 16);
                        out[p + 3] = (byte) (acc >>> 24);
                        p += 4;
                        acc >>>= 32;
                        n -= 32;
                    }
                }
                position = p;
                pending = acc;
                pendingBits = n;
                if (i < to) {
                    int last = table[data[i] & 0xFF];
                    bits(last & 0xFFFF, last >>> 16);
                }
            }
        }

        private void ensureRoom(long bytes) {
            if (position + bytes > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.toIntExact(Math.max(buffer.length * 3L / 2, position + bytes)));
            }
        }

        void alignToByte() {
            if (pendingBits > 0) {
                bits(0, 8 - pendingBits);
            }
        }

        /** Bytes after a byte boundary. */
        void bytes(byte[] values) {
            ensureRoom(values.length);
            System.arraycopy(values, 0, buffer, position, values.length);
            position += values.length;
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buffer, position);
        }
    }
}
