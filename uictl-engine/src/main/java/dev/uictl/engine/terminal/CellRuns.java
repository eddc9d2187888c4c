package dev.uictl.engine.terminal;

import dev.uictl.engine.terminal.CellRun.RunStyle;
import dev.uictl.engine.terminal.ScreenView.CellView;
import dev.uictl.engine.terminal.ScreenView.StyleView;
import java.util.ArrayList;
import java.util.List;

/**
 * Converts a row of cells to runs of equally styled text and back, exactly. A run holds characters of one style and
 * one width; blanks in the default style between runs are left out (every cell no run covers is one), and a run of
 * several code points in one cell (combining marks, emoji sequences) stands alone as a cluster.
 */
public final class CellRuns {
    private static final String DEFAULT = "default";
    static final StyleView DEFAULT_STYLE = new StyleView(DEFAULT, DEFAULT, false, false, false, false, false, false);
    private static final CellView BLANK = new CellView(" ", 1, DEFAULT_STYLE);

    private CellRuns() {
    }

    public static List<List<CellRun>> of(List<List<CellView>> cells) {
        List<List<CellRun>> out = new ArrayList<>(cells.size());
        for (List<CellView> row : cells) {
            out.add(row(row));
        }
        return out;
    }

    /** The runs of one row, left to right. */
    public static List<CellRun> row(List<CellView> row) {
        List<CellRun> runs = new ArrayList<>();
        Pending pending = null;
        int c = 0;
        while (c < row.size()) {
            CellView cell = row.get(c);
            boolean paired = cell.width() == 2 && c + 1 < row.size() && isContinuationOf(row.get(c + 1), cell);
            boolean single = cell.ch().codePointCount(0, cell.ch().length()) == 1;
            // The emulator keeps a wide character and its continuation together; a lead without one would expand
            // with a continuation (the runs form cannot say "no continuation"), so it is kept as close as it can be.
            if (!single || cell.width() == 0 || cell.width() == 2 && !paired || cell.width() > 2) {
                flush(pending, runs);
                pending = null;
                int width = cell.width();
                runs.add(new CellRun(c, cell.ch(), width == 1 ? null : width, single && width != 0 ? null : true,
                        compact(cell.style())));
                c += paired ? 2 : 1;
                continue;
            }
            if (pending == null || pending.width != cell.width() || !pending.style.equals(cell.style())) {
                flush(pending, runs);
                pending = new Pending(c, cell.width(), cell.style());
            }
            pending.text.append(cell.ch());
            c += cell.width();
        }
        flush(pending, runs);
        return runs;
    }

    /** The cells of one row of {@code cols} columns, back from its runs. */
    public static List<CellView> expand(List<CellRun> runs, int cols) {
        List<CellView> row = new ArrayList<>(cols);
        for (int c = 0; c < cols; c++) {
            row.add(BLANK);
        }
        for (CellRun run : runs) {
            StyleView style = full(run.style());
            int width = run.width() == null ? 1 : run.width();
            int c = run.col();
            if (width == 0) {
                if (c < cols) {
                    row.set(c, new CellView("", 0, style));
                }
                continue;
            }
            List<String> characters = Boolean.TRUE.equals(run.cluster()) ? List.of(run.text())
                    : run.text().codePoints().mapToObj(Character::toString).toList();
            for (String ch : characters) {
                if (c < cols) {
                    row.set(c++, new CellView(ch, width, style));
                }
                if (width == 2 && c < cols) {
                    row.set(c++, new CellView("", 0, style));
                }
            }
        }
        return row;
    }

    private static boolean isContinuationOf(CellView next, CellView lead) {
        return next.width() == 0 && next.ch().isEmpty() && next.style().equals(lead.style());
    }

    /** Adds the pending run, without the blanks at its ends when it is unstyled (uncovered cells are blanks). */
    private static void flush(Pending p, List<CellRun> runs) {
        if (p == null) {
            return;
        }
        String text = p.text.toString();
        int col = p.col;
        if (p.width == 1 && p.style.equals(DEFAULT_STYLE)) {
            int start = 0;
            int end = text.length();
            while (start < end && text.charAt(start) == ' ') {
                start++;
            }
            while (end > start && text.charAt(end - 1) == ' ') {
                end--;
            }
            text = text.substring(start, end);
            col += start;
        }
        if (!text.isEmpty()) {
            runs.add(new CellRun(col, text, p.width == 1 ? null : p.width, null, compact(p.style)));
        }
    }

    static RunStyle compact(StyleView s) {
        if (s.equals(DEFAULT_STYLE)) {
            return null;
        }
        return new RunStyle(DEFAULT.equals(s.fg()) ? null : s.fg(), DEFAULT.equals(s.bg()) ? null : s.bg(),
                on(s.bold()), on(s.dim()), on(s.italic()), on(s.underline()), on(s.inverse()), on(s.strike()));
    }

    private static StyleView full(RunStyle s) {
        if (s == null) {
            return DEFAULT_STYLE;
        }
        return new StyleView(s.fg() == null ? DEFAULT : s.fg(), s.bg() == null ? DEFAULT : s.bg(), is(s.bold()),
                is(s.dim()), is(s.italic()), is(s.underline()), is(s.inverse()), is(s.strike()));
    }

    private static Boolean on(boolean b) {
        return b ? Boolean.TRUE : null;
    }

    private static boolean is(Boolean b) {
        return Boolean.TRUE.equals(b);
    }

    private static final class Pending {
        final int col;
        final int width;
        final StyleView style;
        final StringBuilder text = new StringBuilder();

        Pending(int col, int width, StyleView style) {
            this.col = col;
            this.width = width;
            this.style = style;
        }
    }
}
