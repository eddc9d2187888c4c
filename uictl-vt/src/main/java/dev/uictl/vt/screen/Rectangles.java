package dev.uictl.vt.screen;

/**
 * VT400 rectangle operations (DECFRA, DECERA, DECSERA, DECCRA) and selective erase (DECSED, DECSEL) on a screen's
 * rows, with 0-based inclusive bounds already clamped to the screen. As in xterm they ignore the scroll region and
 * margins and the cursor does not move; a wide character cut by a rectangle's edge is blanked whole.
 */
final class Rectangles {

    private Rectangles() {}

    /** DECFRA (and DECERA with a blank): every cell of the rectangle becomes {@code content} in the given style. */
    static void fill(Line[] lines, int top, int left, int bottom, int right, int content, int fg, int bg) {
        for (int r = top; r <= bottom; r++) {
            Line line = lines[r];
            breakEdges(line, left, right);
            for (int c = left; c <= right; c++) line.write(c, content, fg, bg);
        }
    }

    /**
     * Selective erase: blanks the cells of rows [top, bottom] from {@code left} to {@code right} that DECSCA did not
     * protect. A protected cell keeps its character and style.
     */
    static void eraseUnprotected(Line[] lines, int top, int left, int bottom, int right, int bg) {
        for (int r = top; r <= bottom; r++) {
            Line line = lines[r];
            for (int c = left; c <= right; c++) {
                if ((line.bg(c) & Attrs.PROTECTED) == 0) line.set(c, Line.BLANK, 0, bg);
            }
        }
    }

    /**
     * DECCRA: copies the rectangle to the one whose top-left corner is ({@code toRow}, {@code toCol}), as if through
     * a buffer (overlapping areas copy correctly); the part that would fall off the screen is dropped.
     */
    static void copy(Line[] lines, int top, int left, int bottom, int right, int toRow, int toCol) {
        int height = Math.min(bottom - top, lines.length - 1 - toRow) + 1;
        int width = Math.min(right - left, lines[0].cols() - 1 - toCol) + 1;
        if (height <= 0 || width <= 0) return;
        var buffer = new Line[height];
        for (int i = 0; i < height; i++) {
            buffer[i] = new Line(width, 0);
            for (int k = 0; k < width; k++) buffer[i].copyCell(lines[top + i], left + k, k);
        }
        for (int i = 0; i < height; i++) {
            Line line = lines[toRow + i];
            breakEdges(line, toCol, toCol + width - 1);
            for (int k = 0; k < width; k++) line.copyCell(buffer[i], k, toCol + k);
        }
    }

    /** Before overwriting columns [left, right]: a wide character straddling either edge is blanked whole. */
    private static void breakEdges(Line line, int left, int right) {
        if (left > 0 && line.content(left) == Line.CONTINUATION) line.set(left - 1, Line.BLANK, 0, line.bg(left - 1));
        if (right + 1 < line.cols() && line.content(right + 1) == Line.CONTINUATION) {
            line.set(right + 1, Line.BLANK, 0, line.bg(right + 1));
        }
    }
}
