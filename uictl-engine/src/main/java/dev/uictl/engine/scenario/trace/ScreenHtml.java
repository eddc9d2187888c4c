package dev.uictl.engine.scenario.trace;

import dev.uictl.engine.terminal.ScreenView;
import dev.uictl.engine.terminal.ScreenView.CellView;
import dev.uictl.engine.terminal.ScreenView.StyleView;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders one screen (SPEC §5.2) as a {@code <pre>} block: runs of equally styled cells become one span with their
 * colours (after inverse) and styles as classes, a wide character gets a two-column box so the grid stays aligned,
 * its continuation cell is skipped, and a visible cursor is an outlined cell of its own. Trailing cells that show
 * nothing are left out. A screen without cells is drawn from its lines in the default style.
 */
public final class ScreenHtml {
    private static final StyleView PLAIN = new StyleView("default", "default", false, false, false, false, false, false);

    private ScreenHtml() {
    }

    public static String render(ScreenView screen) {
        StringBuilder out = new StringBuilder(screen.rows() * (screen.cols() + 16));
        out.append("<pre class=\"screen\" style=\"--cols:").append(screen.cols()).append("\">");
        for (int r = 0; r < screen.rows(); r++) {
            List<CellView> row = rowCells(screen, r);
            int cursorCol = screen.cursor().visible() && screen.cursor().row() == r ? screen.cursor().col() : -1;
            int end = visibleEnd(row, cursorCol);
            String openKey = null;
            for (int c = 0; c < end; c++) {
                CellView cell = c < row.size() ? row.get(c) : new CellView(" ", 1, PLAIN);
                if (cell.width() == 0) {
                    continue;
                }
                boolean wide = cell.width() == 2;
                boolean cursor = c == cursorCol || wide && c + 1 == cursorCol;
                String key = spanOpen(cell.style(), cursor, wide);
                if (cursor || wide || !key.equals(openKey)) {
                    if (openKey != null) {
                        out.append("</span>");
                    }
                    out.append(key);
                    openKey = key;
                }
                HtmlText.append(out, cell.ch().isEmpty() ? " " : cell.ch(), false);
                if (cursor || wide) {
                    out.append("</span>");
                    openKey = null;
                }
            }
            if (openKey != null) {
                out.append("</span>");
            }
            out.append('\n');
        }
        return out.append("</pre>").toString();
    }

    /** The row's cells; from the line text when the snapshot has no cells (one column per code point). */
    private static List<CellView> rowCells(ScreenView screen, int r) {
        if (screen.cells() != null) {
            return r < screen.cells().size() ? screen.cells().get(r) : List.of();
        }
        String line = r < screen.lines().size() ? screen.lines().get(r) : "";
        List<CellView> cells = new ArrayList<>();
        line.codePoints().limit(screen.cols()).forEach(cp -> cells.add(new CellView(Character.toString(cp), 1, PLAIN)));
        return cells;
    }

    /** One past the last column that shows something: a character, a background, a style, or the cursor. */
    private static int visibleEnd(List<CellView> row, int cursorCol) {
        int end = row.size();
        while (end > 0 && blank(row.get(end - 1))) {
            end--;
        }
        return Math.max(end, cursorCol + 1);
    }

    private static boolean blank(CellView cell) {
        StyleView s = cell.style();
        return (cell.ch().isBlank()) && TerminalPalette.css(s.bg()) == null && !s.inverse() && !s.underline()
                && !s.strike();
    }

    static String spanOpen(StyleView s, boolean cursor, boolean wide) {
        String fg = TerminalPalette.css(s.fg());
        String bg = TerminalPalette.css(s.bg());
        if (s.inverse()) {
            String swap = fg == null ? TerminalPalette.DEFAULT_FG : fg;
            fg = bg == null ? TerminalPalette.DEFAULT_BG : bg;
            bg = swap;
        }
        StringBuilder cls = new StringBuilder();
        if (s.bold()) cls.append(" b");
        if (s.dim()) cls.append(" d");
        if (s.italic()) cls.append(" i");
        if (s.underline() && s.strike()) cls.append(" us");
        else if (s.underline()) cls.append(" u");
        else if (s.strike()) cls.append(" s");
        if (wide) cls.append(" w");
        if (cursor) cls.append(" cur");
        StringBuilder span = new StringBuilder("<span");
        if (!cls.isEmpty()) {
            span.append(" class=\"").append(cls.substring(1)).append('"');
        }
        if (fg != null || bg != null) {
            span.append(" style=\"");
            if (fg != null) span.append("color:").append(fg).append(';');
            if (bg != null) span.append("background:").append(bg).append(';');
            span.append('"');
        }
        return span.append('>').toString();
    }
}
