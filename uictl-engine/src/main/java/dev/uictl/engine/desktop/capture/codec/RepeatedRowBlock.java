package dev.uictl.engine.desktop.capture.codec;

import java.io.ByteArrayOutputStream;

/**
 * Writes rows that are all zero after the PNG "up" filter (rows repeating the row above, most of a desktop) as
 * a hand-made deflate block: fixed Huffman codes, the filter byte and one zero as literals, the rest as
 * distance-1 matches of up to 258 bytes, followed by an empty stored block so the stream ends byte-aligned and
 * zlib can carry on. zlib itself spends ~14 ms of CPU on 6 MB of zeros at its fastest level; this takes
 * microseconds for about 13 bits per 258 bytes.
 */
final class RepeatedRowBlock {
    private static final int[] LENGTH_BASE = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51,
        59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
    private static final int[] LENGTH_EXTRA = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
        5, 5, 5, 5, 0};
    private static final int MAX_MATCH = 258;
    private static final int MIN_MATCH = 3;

    private final ByteArrayOutputStream out;
    private long bits;
    private int bitCount;

    private RepeatedRowBlock(ByteArrayOutputStream out) {
        this.out = out;
    }

    /** Appends a non-final block holding {@code rows} rows of {@code filterByte} followed by {@code zeros} zeros. */
    static void write(ByteArrayOutputStream out, int rows, int filterByte, int zeros) {
        RepeatedRowBlock block = new RepeatedRowBlock(out);
        block.bits(0, 1); // BFINAL = 0
        block.bits(1, 2); // BTYPE = 01, fixed Huffman codes
        for (int r = 0; r < rows; r++) {
            block.literal(filterByte);
            if (zeros > 0) {
                block.literal(0);
                block.zeroRun(zeros - 1);
            }
        }
        block.symbol(256); // end of block
        block.bits(0, 1); // an empty stored block: BFINAL = 0, BTYPE = 00, aligned, LEN 0, NLEN 0xFFFF
        block.bits(0, 2);
        block.alignToByte();
        out.write(0);
        out.write(0);
        out.write(0xFF);
        out.write(0xFF);
    }

    /** {@code n} more zeros copied from the byte before (distance 1), in matches of 3..258 bytes. */
    private void zeroRun(int n) {
        while (n >= MIN_MATCH) {
            // Never leave a tail of 1 or 2 bytes, which no match can cover.
            int length = n > MAX_MATCH && n < MAX_MATCH + MIN_MATCH ? n - MIN_MATCH : Math.min(n, MAX_MATCH);
            match(length);
            n -= length;
        }
        for (; n > 0; n--) {
            literal(0);
        }
    }

    private void match(int length) {
        int index = LENGTH_BASE.length - 1;
        while (LENGTH_BASE[index] > length) {
            index--;
        }
        symbol(257 + index);
        bits(length - LENGTH_BASE[index], LENGTH_EXTRA[index]);
        huffman(0, 5); // distance code 0: distance 1, no extra bits
    }

    private void literal(int value) {
        symbol(value);
    }

    /** A literal/length symbol with the fixed code table of RFC 1951 §3.2.6. */
    private void symbol(int s) {
        if (s < 144) {
            huffman(0x30 + s, 8);
        } else if (s < 256) {
            huffman(0x190 + s - 144, 9);
        } else if (s < 280) {
            huffman(s - 256, 7);
        } else {
            huffman(0xC0 + s - 280, 8);
        }
    }

    /** Huffman codes are defined most significant bit first but packed starting from the least significant bit. */
    private void huffman(int code, int length) {
        bits(Integer.reverse(code) >>> (32 - length), length);
    }

    private void bits(int value, int count) {
        bits |= (long) value << bitCount;
        bitCount += count;
        while (bitCount >= 8) {
            out.write((int) bits & 0xFF);
            bits >>>= 8;
            bitCount -= 8;
        }
    }

    private void alignToByte() {
        if (bitCount > 0) {
            out.write((int) bits & 0xFF);
            bits = 0;
            bitCount = 0;
        }
    }
}
