package dev.uictl.engine.terminal;

import dev.uictl.vt.Cell;
import dev.uictl.vt.Color;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Style;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Draws a screen snapshot onto a person's xterm-compatible terminal: every row repainted, styles as SGR. */
final class AnsiScreen {
    private AnsiScreen() {
    }

    static byte[] render(ScreenSnapshot s) {
        StringBuilder out = new StringBuilder(s.rows() * (s.cols() + 16));
        out.append("\033[?25l\033[0m");
        for (int r = 0; r < s.rows(); r++) {
            out.append("\033[").append(r + 1).append(";1H");
            Style current = Style.DEFAULT;
            List<Cell> row = s.cells().get(r);
            for (Cell c : row) {
                if (c.width() == 0) {
                    continue; // the second half of a wide character
                }
                if (!c.style().equals(current)) {
                    out.append(sgr(c.style()));
                    current = c.style();
                }
                out.append(c.ch());
            }
            out.append("\033[0m\033[K");
        }
        out.append("\033[").append(s.cursor().row() + 1).append(';').append(s.cursor().col() + 1).append('H');
        if (s.cursor().visible()) {
            out.append("\033[?25h");
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    static String sgr(Style st) {
        StringBuilder p = new StringBuilder("\033[0");
        if (st.bold()) {
            p.append(";1");
        }
        if (st.dim()) {
            p.append(";2");
        }
        if (st.italic()) {
            p.append(";3");
        }
        if (st.underline()) {
            p.append(";4");
        }
        if (st.inverse()) {
            p.append(";7");
        }
        if (st.strike()) {
            p.append(";9");
        }
        color(p, st.fg(), 30, 90, 38);
        color(p, st.bg(), 40, 100, 48);
        return p.append('m').toString();
    }

    private static void color(StringBuilder p, Color c, int base, int brightBase, int extended) {
        switch (c) {
            case Color.Default d -> {
            }
            case Color.Ansi16(int i) -> p.append(';').append(i < 8 ? base + i : brightBase + i - 8);
            case Color.Ansi256(int i) -> p.append(';').append(extended).append(";5;").append(i);
            case Color.Rgb(int r, int g, int b) -> p.append(';').append(extended).append(";2;").append(r).append(';')
                    .append(g).append(';').append(b);
        }
    }
}
