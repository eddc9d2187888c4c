package dev.uictl.vt.screen;

import java.util.ArrayList;
import java.util.List;

/**
 * Re-wraps lines to a new width, as tmux grid_reflow does for the normal screen and its history: rows joined by
 * autowrap form one logical line, which is split again at the new width (a wide character that does not fit moves
 * to the next row). The cursor keeps its place in its logical line (tmux grid_wrap_position / unwrap_position).
 */
final class Reflow {

    /** The re-wrapped lines, and the cursor as an index into them. */
    record Result(List<Line> lines, int cursorRow, int cursorCol) {}

    private Reflow() {}

    static Result reflow(List<Line> all, int newCols, int cursorRow, int cursorCol) {
        int logicalOfCursor = 0;
        int offset = 0;
        for (int y = 0; y < cursorRow; y++) {
            Line line = all.get(y);
            if (line.wrapped) offset += line.used;
            else {
                offset = 0;
                logicalOfCursor++;
            }
        }
        boolean cursorAtEnd = cursorCol >= all.get(cursorRow).used;
        int cursorOffset = offset + cursorCol;

        var out = new ArrayList<Line>(all.size());
        int logical = 0;
        int newRow = 0;
        int newCol = 0;
        for (int y = 0; y < all.size(); ) {
            int end = y;
            while (end < all.size() - 1 && all.get(end).wrapped) end++;
            int first = out.size();
            split(all, y, end, newCols, out);
            if (logical == logicalOfCursor) {
                int row = first;
                int col = cursorOffset;
                if (cursorAtEnd) {
                    while (out.get(row).wrapped) row++;
                    col = out.get(row).used;
                } else {
                    while (out.get(row).wrapped && col >= out.get(row).used) {
                        col -= out.get(row).used;
                        row++;
                    }
                }
                newRow = row;
                newCol = col;
            }
            logical++;
            y = end + 1;
        }
        return new Result(out, newRow, newCol);
    }

    /** Splits the logical line made of {@code all[from..to]} into rows of {@code cols} columns. */
    private static void split(List<Line> all, int from, int to, int cols, List<Line> out) {
        var row = new Line(cols, 0);
        out.add(row);
        int x = 0;
        for (int k = from; k <= to; k++) {
            Line src = all.get(k);
            int used = Math.min(src.used, src.cols());
            for (int c = 0; c < used; c++) {
                int width = Line.width(src.content(c));
                if (width == 0) continue;   // a continuation moves with its wide character
                if (width > cols) continue; // a wide character cannot live in a one-column terminal
                if (x + width > cols) {
                    row.wrapped = true;
                    row = new Line(cols, 0);
                    out.add(row);
                    x = 0;
                }
                row.copyCell(src, c, x);
                if (width == 2 && c + 1 < src.cols()) row.copyCell(src, c + 1, x + 1);
                x += width;
            }
        }
    }
}
