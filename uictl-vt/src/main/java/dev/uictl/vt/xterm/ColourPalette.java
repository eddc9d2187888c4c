package dev.uictl.vt.xterm;

import java.util.Arrays;

/**
 * The colours programs may set and ask for with OSC 4, 5, 10–12 and reset with OSC 104, 105, 110–112: xterm's 256
 * indexed colours, its five special colours (bold, underline, blink, reverse, italic; OSC 4 indexes 256–260) and
 * the default foreground, background and cursor colours. They are kept only to be reported: cells keep palette
 * indexes and the renderer chooses what they look like. As in xterm with a 24-bit visual a colour is kept to 8 bits
 * a channel and reported as {@code rgb:RRRR/GGGG/BBBB} with each byte repeated.
 */
final class ColourPalette {

    static final int SPECIAL = 256;
    static final int SIZE = SPECIAL + 5;
    /** OSC 10, 11, 12: foreground, background, cursor. */
    static final int FIRST_DYNAMIC = 10;
    static final int LAST_DYNAMIC = 12;

    private static final int[] DEFAULTS = defaults();
    /** xterm's defaults: black text on white, a black cursor. */
    private static final int[] DYNAMIC_DEFAULTS = {0x000000, 0xFFFFFF, 0x000000};

    private final int[] indexed = DEFAULTS.clone();
    private final int[] dynamic = DYNAMIC_DEFAULTS.clone();

    private static int[] defaults() {
        int[] c = new int[SIZE];
        int[] basic = {0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF};
        System.arraycopy(basic, 0, c, 0, 16);
        int[] level = {0, 95, 135, 175, 215, 255};
        for (int i = 0; i < 216; i++) c[16 + i] = level[i / 36] << 16 | level[i / 6 % 6] << 8 | level[i % 6];
        for (int i = 0; i < 24; i++) {
            int grey = 8 + 10 * i;
            c[232 + i] = grey << 16 | grey << 8 | grey;
        }
        Arrays.fill(c, SPECIAL, SIZE, 0x000000);   // the special colours default to the foreground
        return c;
    }

    int indexed(int index) {
        return indexed[index];
    }

    void setIndexed(int index, int rgb) {
        indexed[index] = rgb;
    }

    void resetIndexed(int index) {
        indexed[index] = DEFAULTS[index];
    }

    void resetAllIndexed() {
        System.arraycopy(DEFAULTS, 0, indexed, 0, SIZE);
    }

    int dynamic(int osc) {
        return dynamic[osc - FIRST_DYNAMIC];
    }

    void setDynamic(int osc, int rgb) {
        dynamic[osc - FIRST_DYNAMIC] = rgb;
    }

    void resetDynamic(int osc) {
        dynamic[osc - FIRST_DYNAMIC] = DYNAMIC_DEFAULTS[osc - FIRST_DYNAMIC];
    }

    /** RIS. */
    void reset() {
        resetAllIndexed();
        System.arraycopy(DYNAMIC_DEFAULTS, 0, dynamic, 0, dynamic.length);
    }

    /** {@code rgb:RRRR/GGGG/BBBB} as xterm reports a colour. */
    static String report(int rgb) {
        return String.format("rgb:%1$02x%1$02x/%2$02x%2$02x/%3$02x%3$02x", rgb >> 16 & 0xFF, rgb >> 8 & 0xFF, rgb & 0xFF);
    }

    /**
     * An X11 colour specification as XParseColor reads the numeric forms: {@code rgb:r/g/b} (1–4 hex digits a
     * channel, scaled) and {@code #rgb} (1–4 digits a channel, the high bits). Returns 0xRRGGBB, or -1 for anything
     * else (colour names and the device-independent forms, which need the X server's colour database).
     */
    static int parse(String spec) {
        if (spec.startsWith("rgb:")) {
            String[] parts = spec.substring(4).split("/", -1);
            if (parts.length != 3) return -1;
            int rgb = 0;
            for (String part : parts) {
                int v = hex(part);
                if (v < 0) return -1;
                int max = (1 << 4 * part.length()) - 1;
                rgb = rgb << 8 | (int) ((long) v * 0xFFFF / max) >> 8;
            }
            return rgb;
        }
        if (spec.startsWith("#") && spec.length() > 1 && (spec.length() - 1) % 3 == 0 && spec.length() <= 13) {
            int digits = (spec.length() - 1) / 3;
            int rgb = 0;
            for (int i = 0; i < 3; i++) {
                int v = hex(spec.substring(1 + i * digits, 1 + (i + 1) * digits));
                if (v < 0) return -1;
                rgb = rgb << 8 | (v << 4 * (4 - digits)) >> 8;
            }
            return rgb;
        }
        return -1;
    }

    private static int hex(String digits) {
        if (digits.isEmpty() || digits.length() > 4) return -1;
        int v = 0;
        for (int i = 0; i < digits.length(); i++) {
            int d = Character.digit(digits.charAt(i), 16);
            if (d < 0) return -1;
            v = v << 4 | d;
        }
        return v;
    }
}
