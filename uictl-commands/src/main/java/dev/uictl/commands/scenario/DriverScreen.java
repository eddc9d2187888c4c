package dev.uictl.commands.scenario;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.terminal.ScreenDiff;
import dev.uictl.engine.terminal.ScreenView;
import java.util.List;
import java.util.TreeSet;

/**
 * The screen in a driver message. Compact by default: the text, the cursor and which rows changed since the screen
 * of the previous message. Every cell (the per-cell form of ptybox's protocol) comes only when asked for: it made a
 * step at 24x80 weigh about 290 KB, a hundred times its text.
 */
@Describe("A driver screen: its text, cursor and the rows changed since the previous message; cells only when "
        + "asked for (--cells, or \"cells\":true in a request)")
public record DriverScreen(
        @Describe("Session id and change counter; equal ids mean an unchanged screen") String snapshotId,
        int rows,
        int cols,
        ScreenView.CursorView cursor,
        boolean alternateScreen,
        @Nullable @Describe("The window title the program set; omitted when none") String title,
        @Describe("The rows' text, trailing blanks trimmed; the empty rows at the bottom are left out (rows says how "
                + "many there are)") List<String> lines,
        @Nullable @Describe("Rows whose text or style changed since the screen of the previous message (the "
                + "handshake's, then each response's); omitted in the handshake") List<Integer> changed,
        @Nullable @Describe("With cells: cells[row][col], as term screen --cells=full") List<List<ScreenView.CellView>>
                cells) {

    /** {@code now} as a message shows it; {@code previous} null in the handshake; {@code now} must carry cells. */
    static DriverScreen of(ScreenView now, ScreenView previous, boolean withCells) {
        List<Integer> changed = null;
        if (previous != null) {
            ScreenDiff diff = ScreenDiff.between(previous, now);
            TreeSet<Integer> rows = new TreeSet<>();
            diff.changed().forEach(c -> rows.add(c.row()));
            if (diff.restyled() != null) {
                rows.addAll(diff.restyled());
            }
            changed = List.copyOf(rows);
        }
        return new DriverScreen(now.snapshotId(), now.rows(), now.cols(), now.cursor(), now.alternateScreen(),
                now.title().isEmpty() ? null : now.title(), now.linesToLastText(), changed,
                withCells ? now.cells() : null);
    }
}
