package dev.uictl.vt;

/** A cell colour as the program set it; palettes are the renderer's business. */
public sealed interface Color {

    /** The terminal's default foreground or background. */
    Default DEFAULT = Default.INSTANCE;

    /** The terminal's default colour (one shared instance; all instances are equal). */
    record Default() implements Color {
        public static final Default INSTANCE = new Default();
    }

    /** One of the 16 basic colours: 0–7 normal (SGR 30–37), 8–15 bright (SGR 90–97). */
    record Ansi16(int index) implements Color {
        public Ansi16 {
            if (index < 0 || index > 15) throw new IllegalArgumentException("ansi16 index out of range: " + index);
        }
    }

    /** An entry 16–255 of the xterm 256-colour palette (SGR 38;5;n with n ≥ 16). */
    record Ansi256(int index) implements Color {
        public Ansi256 {
            if (index < 16 || index > 255) throw new IllegalArgumentException("ansi256 index out of range: " + index);
        }
    }

    /** A 24-bit colour (SGR 38;2;r;g;b). */
    record Rgb(int r, int g, int b) implements Color {
        public Rgb {
            if ((r | g | b) < 0 || r > 255 || g > 255 || b > 255)
                throw new IllegalArgumentException("rgb component out of range: " + r + "," + g + "," + b);
        }
    }
}
