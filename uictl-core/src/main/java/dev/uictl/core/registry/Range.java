package dev.uictl.core.registry;

/**
 * The closed interval a numeric parameter accepts. Every INTEGER and NUMBER parameter has one (declared, or the
 * default for its type), checked where arguments are bound so every surface refuses out-of-range values alike.
 */
public record Range(double min, double max) {
    /** Milliseconds any timeout may take: up to a day. */
    public static final Range TIMEOUT_MS = new Range(0, 86_400_000);
    /** An X11 coordinate (INT16 on the wire). */
    public static final Range COORDINATE = new Range(-32_768, 32_767);
    /** An X11 width or height in pixels (CARD16, positive; the server refuses more than 32767 in practice). */
    public static final Range PIXELS = new Range(1, 32_767);
    /** What an INTEGER parameter accepts when it declares nothing: a non-negative count that fits an int. */
    public static final Range DEFAULT_INTEGER = new Range(0, Integer.MAX_VALUE);
    /** What a NUMBER parameter accepts when it declares nothing. */
    public static final Range DEFAULT_NUMBER = new Range(0, 1_000_000);

    public Range {
        if (!(min <= max)) {
            throw new IllegalArgumentException("empty range " + min + ".." + max);
        }
    }

    public static Range of(long min, long max) {
        return new Range(min, max);
    }

    public boolean contains(Number value) {
        double v = value.doubleValue();
        return !Double.isNaN(v) && v >= min && v <= max;
    }

    /** {@code 0..86400000}, integers without a fraction. */
    public String text() {
        return number(min) + ".." + number(max);
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
