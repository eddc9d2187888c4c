package dev.uictl.vt.screen;

import dev.uictl.vt.Color;
import dev.uictl.vt.Style;

/**
 * Packed cell attributes. A colour is {@code mode << 24 | value} (mode 0 default, 1 ansi16, 2 ansi256, 3 rgb); the
 * foreground int also carries the rendition flags in its top bits, so a cell's style is two ints (fg, bg).
 */
public final class Attrs {

    public static final int COLOR_DEFAULT = 0;
    static final int MODE_ANSI16 = 1 << 24;
    static final int MODE_ANSI256 = 2 << 24;
    static final int MODE_RGB = 3 << 24;
    private static final int COLOR_MASK = (1 << 26) - 1;
    /** In the background int: DECSCA protected the cell from selective erase. */
    static final int PROTECTED = 1 << 26;

    public static final int BOLD = 1 << 26;
    public static final int DIM = 1 << 27;
    public static final int ITALIC = 1 << 28;
    public static final int UNDERLINE = 1 << 29;
    public static final int INVERSE = 1 << 30;
    public static final int STRIKE = 1 << 31;

    private Attrs() {}

    public static int ansi16(int index) {
        return MODE_ANSI16 | index;
    }

    /** xterm palette index; 0–15 are the basic colours and stay ansi16, as SGR 38;5;n with n < 16 means the same. */
    public static int indexed(int index) {
        return index < 16 ? MODE_ANSI16 | index : MODE_ANSI256 | index;
    }

    public static int rgb(int r, int g, int b) {
        return MODE_RGB | (r & 0xFF) << 16 | (g & 0xFF) << 8 | (b & 0xFF);
    }

    public static int flags(int fg) {
        return fg & ~COLOR_MASK;
    }

    static Color toColor(int packed) {
        int value = packed & 0xFF_FFFF;
        return switch ((packed & COLOR_MASK) >>> 24) {
            case 1 -> new Color.Ansi16(value);
            case 2 -> new Color.Ansi256(value);
            case 3 -> new Color.Rgb(value >>> 16, value >>> 8 & 0xFF, value & 0xFF);
            default -> Color.DEFAULT;
        };
    }

    static Style toStyle(int fg, int bg) {
        if (fg == 0 && bg == 0) return Style.DEFAULT;
        return new Style(toColor(fg), toColor(bg), (fg & BOLD) != 0, (fg & DIM) != 0, (fg & ITALIC) != 0,
                (fg & UNDERLINE) != 0, (fg & INVERSE) != 0, (fg & STRIKE) != 0);
    }
}
