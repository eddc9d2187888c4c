package dev.uictl.vt.unicode;

/** Terminal column width of a code point, as glibc {@code wcwidth} measures it on the machine the table came from. */
public final class CharWidth {

    /** Widths of the Basic Multilingual Plane, expanded once from the range tables (box drawing, CJK, … in O(1)). */
    private static final byte[] BMP = new byte[0x10000];

    static {
        for (int cp = 0; cp < BMP.length; cp++) BMP[cp] = (byte) lookup(cp);
    }

    private CharWidth() {}

    /**
     * 0 (attaches to the previous cell), 1 or 2; -1 for code points wcwidth calls non-printable (C1 controls,
     * separators, unassigned), which tmux 3.3a drops instead of printing.
     */
    public static int of(int codePoint) {
        return codePoint < BMP.length ? BMP[codePoint] : lookup(codePoint);
    }

    private static int lookup(int codePoint) {
        if (codePoint < 0x300) return codePoint >= 0x80 && codePoint < 0xA0 ? -1 : 1;   // the tables start at U+0300
        if (in(WidthTable.ZERO, codePoint)) return 0;
        if (in(WidthTable.WIDE, codePoint)) return 2;
        if (in(WidthTable.NONPRINTABLE, codePoint)) return -1;
        return 1;
    }

    private static boolean in(int[] ranges, int cp) {
        int lo = 0;
        int hi = ranges.length / 2 - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (cp < ranges[mid * 2]) hi = mid - 1;
            else if (cp > ranges[mid * 2 + 1]) lo = mid + 1;
            else return true;
        }
        return false;
    }
}
