package dev.uictl.x11.ewmh;

/**
 * ICCCM WM_NORMAL_HINTS (XSizeHints) as far as they decide which sizes a client accepts: minimum, maximum, base
 * size and resize increments (a terminal's character cell). Fields a client did not set are 0 (max: unbounded).
 */
public record SizeHints(int minWidth, int minHeight, int maxWidth, int maxHeight, int widthInc, int heightInc,
                        int baseWidth, int baseHeight) {
    /** No constraints: every size is accepted as asked. */
    public static final SizeHints NONE = new SizeHints(0, 0, 0, 0, 1, 1, 0, 0);

    private static final int P_MIN_SIZE = 1 << 4;
    private static final int P_MAX_SIZE = 1 << 5;
    private static final int P_RESIZE_INC = 1 << 6;
    private static final int P_BASE_SIZE = 1 << 8;

    /**
     * Decodes the property's 32-bit items: flags, 4 obsolete position/size fields, min w/h, max w/h, inc w/h,
     * min/max aspect (4), base w/h, gravity. Missing or short data means no constraints.
     */
    public static SizeHints of(int[] items) {
        if (items.length < 15) {
            return NONE;
        }
        int flags = items[0];
        boolean min = (flags & P_MIN_SIZE) != 0;
        boolean max = (flags & P_MAX_SIZE) != 0;
        boolean inc = (flags & P_RESIZE_INC) != 0;
        boolean base = (flags & P_BASE_SIZE) != 0 && items.length >= 17;
        int minW = min ? items[5] : 0;
        int minH = min ? items[6] : 0;
        int baseW = base ? items[15] : 0;
        int baseH = base ? items[16] : 0;
        // ICCCM 4.1.2.3: a missing base size defaults to the minimum size and a missing minimum to the base size
        return new SizeHints(min ? minW : baseW, min ? minH : baseH, max ? items[7] : 0, max ? items[8] : 0,
                inc && items[9] > 0 ? items[9] : 1, inc && items[10] > 0 ? items[10] : 1,
                base ? baseW : minW, base ? baseH : minH);
    }

    /**
     * The size the client will take when asked for {@code width x height}: clamped to min/max, then rounded down to
     * base + a whole number of increments (what ICCCM window managers such as openbox do; aspect ratios aside).
     */
    public int[] accepted(int width, int height) {
        return new int[]{fit(width, minWidth, maxWidth, baseWidth, widthInc),
                fit(height, minHeight, maxHeight, baseHeight, heightInc)};
    }

    private static int fit(int asked, int min, int max, int base, int inc) {
        int v = asked;
        if (max > 0 && v > max) {
            v = max;
        }
        v = Math.max(v, min);
        int steps = Math.max(0, v - base) / inc;
        int out = base + steps * inc;
        return Math.max(out, 1);
    }
}
