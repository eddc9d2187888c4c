package dev.uictl.engine.terminal;

/**
 * Where UTF-8 characters start in raw output, so a page of a transcript neither begins nor ends inside one. Output
 * need not be valid UTF-8: at most three continuation bytes are stepped over, as no character has more.
 */
final class Utf8 {
    private static final int MAX_CONTINUATION = 3;

    private Utf8() {
    }

    /** The first index from {@code i} on where a character starts (or the end). */
    static int nextStart(byte[] b, int i) {
        int j = i;
        while (j < b.length && j - i < MAX_CONTINUATION && continuation(b[j])) {
            j++;
        }
        return j;
    }

    /**
     * The end of a page that may hold bytes up to {@code limit}: the whole array when it fits, else the last
     * character start at or before {@code limit}, but after {@code floor} so that a page is never empty.
     */
    static int lastStartAtMost(byte[] b, int limit, int floor) {
        if (limit >= b.length) {
            return b.length;
        }
        int j = limit;
        while (j > floor + 1 && limit - j < MAX_CONTINUATION && continuation(b[j])) {
            j--;
        }
        return continuation(b[j]) ? limit : j;
    }

    private static boolean continuation(byte x) {
        return (x & 0xC0) == 0x80;
    }
}
