package dev.uictl.vt;

import java.util.List;

/**
 * An immutable copy of the visible screen.
 *
 * @param lines      {@code rows} entries, trailing blanks trimmed
 * @param cells      null unless requested; {@code cells.get(r).get(c)} is column c
 * @param scrollback oldest first, trimmed like {@code lines}; empty when not requested
 * @param renditions {@code rows} entries, each row's styles as displayed as an opaque key ("" when all default):
 *                   equal keys mean the row's colours and attributes look the same, so a change of style alone
 *                   (a moved reverse-video highlight) shows as a changed key
 */
public record ScreenSnapshot(int rows, int cols, Cursor cursor, boolean alternateScreen, String title, Modes modes,
                             List<String> lines, List<List<Cell>> cells, List<String> scrollback,
                             List<String> renditions) {}
