package dev.uictl.engine.scenario.trace;

import dev.uictl.engine.terminal.ScreenView;
import java.util.Map;

/**
 * Maps the screen model's colours ({@code "default"}, {@code {ansi16:n}}, {@code {ansi256:n}},
 * {@code {rgb:{r,g,b}}}, as read from JSON or as the engine makes them) to CSS hex colours: xterm's 16 base colours, its 6×6×6 cube and 24-step grey ramp. An
 * unknown or out-of-range value is the default colour (null), never an error: the page must render whatever a
 * future emulator writes.
 */
public final class TerminalPalette {
    public static final String DEFAULT_FG = "#d0d0d0";
    public static final String DEFAULT_BG = "#101010";

    private static final int[] BASE = {0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
            0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff};
    private static final int[] CUBE = {0, 95, 135, 175, 215, 255};

    private TerminalPalette() {
    }

    /** The CSS colour, or null for the default colour. */
    public static String css(Object colour) {
        if (!(colour instanceof Map<?, ?> m) || m.size() != 1) {
            return null;
        }
        return switch (m.entrySet().iterator().next()) {
            case Map.Entry<?, ?> e when "ansi16".equals(e.getKey()) && index(e.getValue(), 16) >= 0 ->
                    hex(BASE[index(e.getValue(), 16)]);
            case Map.Entry<?, ?> e when "ansi256".equals(e.getKey()) && index(e.getValue(), 256) >= 0 ->
                    hex(ansi256(index(e.getValue(), 256)));
            case Map.Entry<?, ?> e when "rgb".equals(e.getKey()) && e.getValue() instanceof Map<?, ?> rgb ->
                    rgb(rgb.get("r"), rgb.get("g"), rgb.get("b"));
            case Map.Entry<?, ?> e when "rgb".equals(e.getKey()) && e.getValue() instanceof ScreenView.RgbView(
                    int r, int g, int b) -> rgb(r, g, b);
            default -> null;
        };
    }

    static int ansi256(int n) {
        if (n < 16) {
            return BASE[n];
        }
        if (n < 232) {
            int i = n - 16;
            return CUBE[i / 36] << 16 | CUBE[i / 6 % 6] << 8 | CUBE[i % 6];
        }
        int grey = 8 + 10 * (n - 232);
        return grey << 16 | grey << 8 | grey;
    }

    private static String rgb(Object red, Object green, Object blue) {
        int r = index(red, 256);
        int g = index(green, 256);
        int b = index(blue, 256);
        return r < 0 || g < 0 || b < 0 ? null : hex(r << 16 | g << 8 | b);
    }

    /** The value as an index below {@code bound}, or -1. */
    private static int index(Object value, int bound) {
        return value instanceof Number n && n.doubleValue() == n.intValue() && n.intValue() >= 0 && n.intValue() < bound
                ? n.intValue() : -1;
    }

    private static String hex(int rgb) {
        return "#%06x".formatted(rgb);
    }
}
