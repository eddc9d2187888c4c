package dev.uictl.engine.terminal;

import dev.uictl.vt.Cell;
import dev.uictl.vt.Color;
import dev.uictl.vt.Modes;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Style;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Maps the emulator's snapshot onto the contract's {@link ScreenView} (terminal sessions and tmux panes). */
public final class ScreenViews {
    private static final ScreenView.StyleView DEFAULT_STYLE = CellRuns.DEFAULT_STYLE;

    private ScreenViews() {
    }

    /** The snapshot as a view; its cells, when it has them, in the per-cell form. */
    public static ScreenView of(String snapshotId, ScreenSnapshot s) {
        return of(snapshotId, s, CellForm.FULL);
    }

    /** The snapshot as a view with its cells (when it has them) in {@code form}. */
    public static ScreenView of(String snapshotId, ScreenSnapshot s, CellForm form) {
        Modes m = s.modes();
        List<List<ScreenView.CellView>> cells = null;
        if (s.cells() != null) {
            cells = new ArrayList<>(s.cells().size());
            for (List<Cell> row : s.cells()) {
                List<ScreenView.CellView> out = new ArrayList<>(row.size());
                for (Cell c : row) {
                    out.add(new ScreenView.CellView(c.ch(), c.width(),
                            c.style().equals(Style.DEFAULT) ? DEFAULT_STYLE : style(c.style())));
                }
                cells.add(out);
            }
        }
        List<List<CellRun>> runs = null;
        if (cells != null && form == CellForm.RUNS) {
            runs = CellRuns.of(cells);
            cells = null;
        }
        List<String> scrollback = s.scrollback() == null || s.scrollback().isEmpty() ? null : s.scrollback();
        return new ScreenView(1, snapshotId, s.rows(), s.cols(),
                new ScreenView.CursorView(s.cursor().row(), s.cursor().col(), s.cursor().visible()),
                s.alternateScreen(), s.title() == null ? "" : s.title(),
                new ScreenView.ModesView(m.applicationCursor(), m.applicationKeypad(), m.bracketedPaste(),
                        m.mouseTracking(), m.mouseEncoding(), m.focusEvents(), m.autowrap(), m.originMode(),
                        m.insertMode()),
                s.lines(), cells, scrollback, runs, s.renditions());
    }

    static ScreenView.StyleView style(Style s) {
        return new ScreenView.StyleView(color(s.fg()), color(s.bg()), s.bold(), s.dim(), s.italic(), s.underline(),
                s.inverse(), s.strike());
    }

    static Object color(Color c) {
        return switch (c) {
            case Color.Default d -> "default";
            case Color.Ansi16(int index) -> Map.of("ansi16", index);
            case Color.Ansi256(int index) -> Map.of("ansi256", index);
            case Color.Rgb(int r, int g, int b) -> Map.of("rgb", new ScreenView.RgbView(r, g, b));
        };
    }
}
