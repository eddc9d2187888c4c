package dev.uictl.engine.terminal;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A screen as the rows that changed since a base screen ({@code --diff}): the text of each row that differs, and the
 * cursor, size, title, modes and alternate screen only when they differ. Styles are compared row by row but only
 * named by row number: the cells are what {@code --cells} is for.
 */
@Describe("With --diff: the screen as what changed since the base screen (rows compared by text, and by style in "
        + "restyled; cursor, size, title, modes and alternate_screen only when they changed)")
public record ScreenDiff(
        @Describe("snapshot_id of the base: the screen before the input (actions) or the --since screen or the "
                + "screen when the wait began (term wait)") String base,
        @Describe("snapshot_id of the screen now; equal to base when nothing changed") String snapshotId,
        @Nullable @Describe("The row count, when it changed") Integer rows,
        @Nullable @Describe("The column count, when it changed") Integer cols,
        @Describe("Rows whose text differs from the base, top to bottom; text \"\" is an emptied row")
        List<RowChange> changed,
        @Nullable @Describe("Rows whose colours or attributes (reverse, bold…) look different from the base, whether "
                + "or not their text changed, e.g. a menu highlight that moved; omitted when none")
        List<Integer> restyled,
        @Nullable @Describe("The cursor, when it moved or changed visibility") ScreenView.CursorView cursor,
        @Nullable @Describe("Whether the alternate screen is in use, when that changed") Boolean alternateScreen,
        @Nullable @Describe("The title, when it changed") String title,
        @Nullable @Describe("The modes, when any changed") ScreenView.ModesView modes) {

    @Describe("One row's new text (trailing blanks trimmed)")
    public record RowChange(int row, String text) {
    }

    /** What changed from {@code base} to {@code now}; rows past the base's height count as changed if not empty. */
    public static ScreenDiff between(ScreenView base, ScreenView now) {
        List<RowChange> changed = new ArrayList<>();
        for (int r = 0; r < now.lines().size(); r++) {
            String before = r < base.lines().size() ? base.lines().get(r) : "";
            String after = now.lines().get(r);
            if (!after.equals(before)) {
                changed.add(new RowChange(r, after));
            }
        }
        boolean resized = base.rows() != now.rows() || base.cols() != now.cols();
        List<Integer> restyled = now.restyledRows(base);
        return new ScreenDiff(base.snapshotId(), now.snapshotId(), resized ? now.rows() : null,
                resized ? now.cols() : null, changed, restyled.isEmpty() ? null : restyled,
                unless(base.cursor(), now.cursor()),
                unless(base.alternateScreen(), now.alternateScreen()), unless(base.title(), now.title()),
                unless(base.modes(), now.modes()));
    }

    private static <T> T unless(T before, T after) {
        return Objects.equals(before, after) ? null : after;
    }
}
