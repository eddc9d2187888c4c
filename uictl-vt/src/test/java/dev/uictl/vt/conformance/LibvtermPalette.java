package dev.uictl.vt.conformance;

import dev.uictl.vt.Color;

/**
 * libvterm's default colours (src/pen.c), to print our cells' colours the way its test harness does: the emulator
 * keeps the colour the program chose and leaves the palette to the renderer, so the harness plays the renderer.
 */
final class LibvtermPalette {

    private static final int[][] ANSI = {
            {0, 0, 0}, {224, 0, 0}, {0, 224, 0}, {224, 224, 0}, {0, 0, 224}, {224, 0, 224}, {0, 224, 224},
            {224, 224, 224}, {128, 128, 128}, {255, 64, 64}, {64, 255, 64}, {255, 255, 64}, {64, 64, 255},
            {255, 64, 255}, {64, 255, 255}, {255, 255, 255}};
    private static final int[] RAMP6 = {0x00, 0x33, 0x66, 0x99, 0xCC, 0xFF};
    private static final int[] RAMP24 = {0x00, 0x0B, 0x16, 0x21, 0x2C, 0x37, 0x42, 0x4D, 0x58, 0x63, 0x6E, 0x79,
            0x85, 0x90, 0x9B, 0xA6, 0xB1, 0xBC, 0xC7, 0xD2, 0xDD, 0xE8, 0xF3, 0xFF};

    /** SETDEFAULTCOL changes these. */
    String defaultFg = "rgb(240,240,240)";
    String defaultBg = "rgb(0,0,0)";

    /** As {@code ?screen_cell} prints it: always RGB. */
    String rgb(Color color, boolean foreground) {
        return switch (color) {
            case Color.Default d -> foreground ? defaultFg : defaultBg;
            case Color.Ansi16 a -> rgb(ANSI[a.index()]);
            case Color.Ansi256 a when a.index() < 232 -> {
                int i = a.index() - 16;
                yield rgb(new int[]{RAMP6[i / 36], RAMP6[i / 6 % 6], RAMP6[i % 6]});
            }
            case Color.Ansi256 a -> {
                int g = RAMP24[a.index() - 232];
                yield rgb(new int[]{g, g, g});
            }
            case Color.Rgb c -> rgb(new int[]{c.r(), c.g(), c.b()});
        };
    }

    /** As {@code ?pen foreground/background} prints it: palette colours by index, defaults flagged. */
    static String pen(Color color, boolean foreground) {
        return switch (color) {
            case Color.Default d -> foreground ? "rgb(240,240,240,is_default_fg)" : "rgb(0,0,0,is_default_bg)";
            case Color.Ansi16 a -> "idx(" + a.index() + ")";
            case Color.Ansi256 a -> "idx(" + a.index() + ")";
            case Color.Rgb c -> "rgb(" + c.r() + "," + c.g() + "," + c.b() + ")";
        };
    }

    private static String rgb(int[] c) {
        return "rgb(" + c[0] + "," + c[1] + "," + c[2] + ")";
    }
}
