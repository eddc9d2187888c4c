package dev.uictl.engine.terminal;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

/** The screen of a session as the contract shows it (SPEC §5.2, snapshot_version 1). */
@Describe("A terminal screen snapshot (snapshot_version 1)")
public record ScreenView(
        @Describe("Always 1") int snapshotVersion,
        @Describe("Session id and change counter, e.g. t1.57; equal ids mean an unchanged screen") String snapshotId,
        int rows,
        int cols,
        CursorView cursor,
        @Describe("True while the program uses the alternate screen (full-screen programs)") boolean alternateScreen,
        @Describe("The window title the program set (OSC 0/2), empty if none") String title,
        ModesView modes,
        @Describe("One entry per row, trailing blanks trimmed") List<String> lines,
        @Nullable @Describe("With --cells: cells[row][col], col is always the column (wide characters take two)")
        List<List<CellView>> cells,
        @Nullable @Describe("With --scrollback N: up to N lines that scrolled off the top, oldest first")
        List<String> scrollback) implements TextView {

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
