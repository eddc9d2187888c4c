package dev.uictl.vt.xterm;

import dev.uictl.vt.Color;
import dev.uictl.vt.Style;
import dev.uictl.vt.screen.Screen;

/**
 * DECRQSS (DCS $ q Pt ST): reports a setting as the control sequence that would restore it, answered
 * DCS 1 $ r … ST, or DCS 0 $ r ST for a setting the terminal does not report (xterm's convention).
 */
final class StatusStringRequest extends DcsRequest {

    StatusStringRequest() {
        super(8);   // the known requests are two bytes
    }

    @Override
    String reply(Screen screen) {
        String request = text();
        String setting = switch (request) {
            case "m" -> sgr(screen.pen().style());
            case "r" -> (screen.regionTop() + 1) + ";" + (screen.regionBottom() + 1) + "r";
            case "s" -> (screen.marginLeft() + 1) + ";" + (screen.marginRight() + 1) + "s";   // DECSLRM
            case " q" -> screen.modes().cursorStyle + " q";
            case "\"q" -> (screen.pen().protecting() ? 1 : 0) + "\"q";   // DECSCA
            case "\"p" -> "6" + screen.modes().conformanceLevel + ";1\"p";   // DECSCL, 7-bit controls
            case "$~", "$}" -> "0" + request;   // DECSSDT, DECSASD: no status line, the main display active
            case "t" -> screen.rows() + "t";     // DECSLPP
            case "*|" -> screen.rows() + "*|";   // DECSNLS
            default -> null;
        };
        return setting == null ? "\033P0$r\033\\" : "\033P1$r" + setting + "\033\\";
    }

    /** The pen as xterm reports it: 0, then the attributes, then the colours. */
    private static String sgr(Style s) {
        var sb = new StringBuilder("0");
        if (s.bold()) sb.append(";1");
        if (s.dim()) sb.append(";2");
        if (s.italic()) sb.append(";3");
        if (s.underline()) sb.append(";4");
        if (s.inverse()) sb.append(";7");
        if (s.strike()) sb.append(";9");
        colour(s.fg(), 30, sb);
        colour(s.bg(), 40, sb);
        return sb.append('m').toString();
    }

    private static void colour(Color color, int base, StringBuilder sb) {
        switch (color) {
            case Color.Default d -> { }
            case Color.Ansi16 a -> sb.append(';').append(a.index() < 8 ? base + a.index() : base + 60 + a.index() - 8);
            case Color.Ansi256 a -> sb.append(';').append(base + 8).append(":5:").append(a.index());
            case Color.Rgb c -> sb.append(';').append(base + 8).append(":2:").append(c.r()).append(':').append(c.g())
                    .append(':').append(c.b());
        }
    }
}
