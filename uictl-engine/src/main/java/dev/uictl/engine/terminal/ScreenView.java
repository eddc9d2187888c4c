package dev.uictl.engine.terminal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.uictl.core.render.TerseView;
import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.ArrayList;
import java.util.List;

/** The screen of a session as the contract shows it (SPEC §5.2, snapshot_version 1). */
@Describe("A terminal screen snapshot (snapshot_version 1). With --terse, fields equal to the base screen are left "
        + "out (see TerseScreens): snapshot_version, rows and cols, cursor, alternate_screen, title, modes; lines then "
        + "stop at the last non-empty row")
public record ScreenView(
        @Nullable @Describe("Always 1; omitted by --terse") int snapshotVersion,
        @Describe("Session id and change counter, e.g. t1.57; equal ids mean an unchanged screen") String snapshotId,
        @Nullable @Describe("Omitted by --terse when the base has the same size") int rows,
        @Nullable @Describe("Omitted by --terse when the base has the same size") int cols,
        @Nullable @Describe("Omitted by --terse when unchanged from the base") CursorView cursor,
        @Nullable @Describe("True while the program uses the alternate screen (full-screen programs); omitted by "
                + "--terse when unchanged from the base") boolean alternateScreen,
        @Nullable @Describe("The window title the program set (OSC 0/2), empty if none; omitted by --terse when "
                + "unchanged from the base") String title,
        @Nullable @Describe("Omitted by --terse when unchanged from the base") ModesView modes,
        @Describe("One entry per row, trailing blanks trimmed; with --terse the empty rows at the bottom are left out")
        List<String> lines,
        @Nullable @Describe("With --cells=full: cells[row][col], col is always the column (wide characters take two)")
        List<List<CellView>> cells,
        @Nullable @Describe("With --scrollback N: up to N lines that scrolled off the top, oldest first")
        List<String> scrollback,
        @Nullable @Describe("With --cells (runs, the default form): runs[row], each row's runs of equally styled "
                + "characters left to right; expands to exactly the cells of --cells=full")
        List<List<CellRun>> runs,
        @JsonIgnore List<String> renditions) implements TextView, TerseView {

    /**
     * A snapshot without runs (the form before runs existed) and without rendition keys (not written out: style-only
     * changes cannot be told from it).
     */
    public ScreenView(int snapshotVersion, String snapshotId, int rows, int cols, CursorView cursor,
                      boolean alternateScreen, String title, ModesView modes, List<String> lines,
                      List<List<CellView>> cells, List<String> scrollback) {
        this(snapshotVersion, snapshotId, rows, cols, cursor, alternateScreen, title, modes, lines, cells, scrollback,
                null, null);
    }

    /** This screen without its cells and runs (and scrollback unless kept), as it is kept to compare with later. */
    public ScreenView withoutCells(boolean keepScrollback) {
        return new ScreenView(snapshotVersion, snapshotId, rows, cols, cursor, alternateScreen, title, modes, lines,
                null, keepScrollback ? scrollback : null, null, renditions);
    }

    /** This screen with its cells as runs, the compact form that expands back to exactly the same cells. */
    public ScreenView cellsAsRuns() {
        return cells == null ? this : new ScreenView(snapshotVersion, snapshotId, rows, cols, cursor, alternateScreen,
                title, modes, lines, null, scrollback, CellRuns.of(cells), renditions);
    }

    /** This screen with its runs expanded to cells ({@link #cellsAsRuns()} undone). */
    public ScreenView runsAsCells() {
        if (runs == null) {
            return this;
        }
        List<List<CellView>> expanded = new ArrayList<>(runs.size());
        for (List<CellRun> row : runs) {
            expanded.add(CellRuns.expand(row, cols));
        }
        return new ScreenView(snapshotVersion, snapshotId, rows, cols, cursor, alternateScreen, title, modes, lines,
                expanded, scrollback, null, renditions);
    }

    /**
     * Rows whose colours or attributes look different on {@code other}, top to bottom, whatever their text; empty
     * when either screen has no rendition keys. A row only one screen has counts when its style is not the default.
     */
    public List<Integer> restyledRows(ScreenView other) {
        if (renditions == null || other.renditions == null) {
            return List.of();
        }
        List<Integer> rows = new ArrayList<>();
        for (int r = 0; r < Math.max(renditions.size(), other.renditions.size()); r++) {
            String mine = r < renditions.size() ? renditions.get(r) : "";
            String theirs = r < other.renditions.size() ? other.renditions.get(r) : "";
            if (!mine.equals(theirs)) {
                rows.add(r);
            }
        }
        return rows;
    }

    /** The lines down to the last one with text: the empty rows at the bottom left out. */
    public List<String> linesToLastText() {
        int last = lines.size();
        while (last > 0 && lines.get(last - 1).isEmpty()) {
            last--;
        }
        return List.copyOf(lines.subList(0, last));
    }

    /** Whether {@code other} looks different: its rows' text or style, or the cursor's place or visibility. */
    public boolean looksDifferent(ScreenView other) {
        return !lines.equals(other.lines) || !cursor.equals(other.cursor) || !restyledRows(other).isEmpty();
    }

    /** Under --terse: compared with the power-on state (no base screen). */
    @Override
    public Object terse() {
        return TerseScreens.screen(this, null);
    }

    @Describe("Cursor position, 0-based")
    public record CursorView(int row, int col, boolean visible) {
    }

    @Describe("Terminal modes the program switched on")
    public record ModesView(boolean applicationCursor, boolean applicationKeypad, boolean bracketedPaste,
                            @Describe("none | x10 | normal | button | any") String mouseTracking,
                            @Describe("default | utf8 | sgr | urxvt") String mouseEncoding,
                            boolean focusEvents, boolean autowrap, boolean originMode, boolean insertMode) {
    }

    @Describe("One cell; a wide character's second cell has ch \"\" and width 0")
    public record CellView(String ch, int width, StyleView style) {
    }

    @Describe("Cell rendition; colours are \"default\", {\"ansi16\":n}, {\"ansi256\":n} or {\"rgb\":{\"r\":…,\"g\":…,\"b\":…}}")
    public record StyleView(@Describe("Foreground colour") Object fg, @Describe("Background colour") Object bg,
                            boolean bold, boolean dim, boolean italic, boolean underline, boolean inverse,
                            boolean strike) {
    }

    @Describe("A 24-bit colour")
    public record RgbView(int r, int g, int b) {
    }

    /** A framed, human-readable rendering: a header, then the rows between bars (the cursor cell is not marked). */
    @Override
    public String toText() {
        StringBuilder out = new StringBuilder();
        out.append("screen ").append(snapshotId).append(' ').append(rows).append('x').append(cols)
                .append(" cursor ").append(cursor.row()).append(',').append(cursor.col())
                .append(cursor.visible() ? "" : " (hidden)")
                .append(alternateScreen ? " alternate-screen" : "");
        if (!title.isEmpty()) {
            out.append(" title \"").append(title).append('"');
        }
        out.append('\n');
        if (scrollback != null && !scrollback.isEmpty()) {
            scrollback.forEach(l -> out.append("  ").append(l).append('\n'));
            out.append("  ").append("-".repeat(Math.min(cols, 40))).append(" (scrollback above)\n");
        }
        int last = lines.size() - 1;
        while (last >= 0 && lines.get(last).isEmpty() && last > cursor.row()) {
            last--;
        }
        for (int r = 0; r <= last; r++) {
            out.append("| ").append(lines.get(r)).append('\n');
        }
        if (last < lines.size() - 1) {
            out.append("  (").append(lines.size() - 1 - last).append(" empty rows)\n");
        }
        return out.toString();
    }
}
