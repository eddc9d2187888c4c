package dev.uictl.vt.parser;

/**
 * Numeric parameters of a CSI or DCS sequence, preallocated and reused by the parser ("borrowed": copy what you
 * keep). Values are stored flat in arrival order; a value introduced by ':' is a sub-parameter of the value before
 * it. Missing values read as 0, values are clamped to {@value #MAX_VALUE}, at most {@value #MAX_PARAMS} are kept.
 */
public final class Params {

    public static final int MAX_PARAMS = 32;
    public static final int MAX_VALUE = 65_535;

    private final int[] values = new int[MAX_PARAMS];
    private final boolean[] sub = new boolean[MAX_PARAMS];
    private int count;
    private boolean overflow;

    /** Number of values, parameters and sub-parameters together. */
    public int size() {
        return count;
    }

    /** The i-th value, or 0 when absent. */
    public int get(int i) {
        return i < count ? values[i] : 0;
    }

    /** The i-th value, or {@code fallback} when absent or 0 (the usual "default 1" rule of cursor movement). */
    public int getOr(int i, int fallback) {
        int v = get(i);
        return v == 0 ? fallback : v;
    }

    /** Whether the i-th value was introduced by ':' (a sub-parameter of the preceding value). */
    public boolean isSub(int i) {
        return i < count && sub[i];
    }

    /** Whether more parameters arrived than could be kept. */
    public boolean overflowed() {
        return overflow;
    }

    void reset() {
        count = 0;
        overflow = false;
    }

    void digit(int d) {
        if (count == 0) start(false);
        if (overflow && count == MAX_PARAMS) return;
        int i = count - 1;
        int v = values[i] * 10 + d;
        values[i] = Math.min(v, MAX_VALUE);
    }

    void separator(boolean colon) {
        if (count == 0) start(false);
        start(colon);
    }

    private void start(boolean isSub) {
        if (count == MAX_PARAMS) {
            overflow = true;
            return;
        }
        values[count] = 0;
        sub[count] = isSub;
        count++;
    }

    /** A copy for tests and diagnostics, e.g. {@code 38:2::1:2:3;1}. */
    @Override
    public String toString() {
        var sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) sb.append(sub[i] ? ':' : ';');
            sb.append(values[i]);
        }
        return sb.toString();
    }
}
