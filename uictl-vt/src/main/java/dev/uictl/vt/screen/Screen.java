package dev.uictl.vt.screen;

import dev.uictl.vt.Cell;
import dev.uictl.vt.Style;
import dev.uictl.vt.unicode.CharWidth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * The grid and everything that moves over it: cursor, pen, scroll region, tab stops, charsets, normal and alternate
 * buffers, scrollback. Semantics follow xterm (cursor.c, util.c), except where tmux 3.3a's behaviour is kept for the
 * programs recorded under it (see {@code SupportedSequences.KEPT_FROM_TMUX}). As in xterm the cursor column stays on
 * the screen and {@link #wrapPending} is the deferred-wrap state after writing the right margin's column: the next
 * printable character wraps. Left and right margins (DECSLRM) bound printing, scrolling and insertion.
 *
 * <p>Every operation keeps the state in bounds whatever its arguments; nothing here throws on program input.
 */
public final class Screen {

    private int rows;
    private int cols;
    private Line[] lines;
    /** The normal screen's lines while the alternate screen is shown (tmux saved_grid), else null. */
    private Line[] savedNormal;
    /** The alternate screen's lines as mode 47 left them, shown again by the next 47 or 1047 (xterm), else null. */
    private Line[] keptAlternate;
    private final Scrollback scrollback;
    /** Lines pushed into scrollback by scrolling that a taller screen may pull back (tmux hscrolled). */
    private int scrolledIntoHistory;

    private int cx;
    private int cy;
    private int top;
    private int bottom;
    /** Left and right margins, 0-based and inclusive: the whole width unless DECLRMM is set and DECSLRM set them. */
    private int left;
    private int right;
    /** The last character was written in the right margin's column (or the last column): the next one wraps. */
    private boolean wrapPending;
    private final Pen pen = new Pen();
    private final ModeState modes = new ModeState();
    private final Charsets charsets = new Charsets();
    private final TabStops tabs;
    /** What DECSC saved on the screen shown; xterm keeps one per screen, the other one's waits in savedOther. */
    private SavedCursor saved = SavedCursor.HOME;
    private SavedCursor savedOther = SavedCursor.HOME;
    /** The last printed character for REP, or -1 when something else came in between. */
    private int lastPrinted = -1;

    public Screen(int rows, int cols, int scrollbackLimit) {
        if (rows < 1 || cols < 1) throw new IllegalArgumentException("screen size must be at least 1x1: " + rows + "x" + cols);
        this.rows = rows;
        this.cols = cols;
        this.lines = blankLines(rows, cols);
        this.scrollback = new Scrollback(scrollbackLimit);
        this.tabs = new TabStops(cols);
        this.bottom = rows - 1;
        this.right = cols - 1;
    }

    private static Line[] blankLines(int rows, int cols) {
        var out = new Line[rows];
        for (int r = 0; r < rows; r++) out[r] = new Line(cols, 0);
        return out;
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    public Pen pen() {
        return pen;
    }

    public ModeState modes() {
        return modes;
    }

    public boolean alternateScreen() {
        return savedNormal != null;
    }

    /** Cursor row, 0-based. */
    public int cursorRow() {
        return cy;
    }

    /** The scroll region's first and last rows, 0-based (reports read them). */
    public int regionTop() {
        return top;
    }

    public int regionBottom() {
        return bottom;
    }

    /** The left and right margins, 0-based (reports and rectangle operations read them). */
    public int marginLeft() {
        return left;
    }

    public int marginRight() {
        return right;
    }

    /** Whether DECSC saved a cursor on the screen shown since the last reset (DECRQM 1048 reports it). */
    public boolean cursorSaved() {
        return saved != SavedCursor.HOME;
    }

    /** Cursor column, 0-based (in the deferred-wrap state the column last written, as in xterm). */
    public int cursorCol() {
        return cx;
    }

    // ---------------------------------------------------------------- printing

    public void print(int codePoint) {
        int width = CharWidth.of(codePoint);
        if (width < 0) {   // non-printable: dropped, as tmux does
            lastPrinted = -1;
            return;
        }
        if (width == 0) {
            combine(codePoint);
            return;
        }
        int cp = charsets.map(codePoint);
        lastPrinted = cp;
        put(cp, width);
    }

    /** Writes printable ASCII {@code data[from, to)}: the hot path of plain output. */
    public void printAscii(byte[] data, int from, int to) {
        if (modes.insertMode || charsets.active() || !modes.autowrap) {
            for (int i = from; i < to; i++) print(data[i]);
            return;
        }
        int fg = pen.fg;
        int bg = pen.cellBg();
        int i = from;
        while (i < to) {
            if (wrapPending) wrap();
            Line line = lines[cy];
            int edge = rightEdge();
            int n = Math.min(to - i, edge + 1 - cx);
            breakWideAt(line, cx);
            line.writeAscii(cx, data, i, n, fg, bg);
            int end = cx + n;
            i += n;
            if (end < cols) breakContinuationAt(line, end);
            wrapPending = end > edge;
            cx = wrapPending ? edge : end;
        }
        lastPrinted = data[to - 1];
    }

    /** REP: prints the last printed character {@code n} more times, wrapping like any printing (xterm). */
    public void repeatLast(int n) {
        if (lastPrinted < 0) return;
        int cp = lastPrinted;
        int width = CharWidth.of(cp);
        for (int k = 0, count = Math.max(n, 1); k < count; k++) put(cp, width);
    }

    /** Forgets the last printed character: REP only repeats directly after a print. */
    public void interruptPrinting() {
        lastPrinted = -1;
    }

    private void put(int cp, int width) {
        if (modes.autowrap && (wrapPending || cx + width - 1 > rightEdge())) wrap();
        wrapPending = false;
        int edge = rightEdge();
        if (cx + width - 1 > edge) return;   // cannot fit even after wrapping (tmux's sanity check)
        if (modes.insertMode) insertCells(lines[cy], cx, width, 0, edge + 1);
        Line line = lines[cy];
        breakWideAt(line, cx);
        int bg = pen.cellBg();
        if (width == 2) {
            breakWideAt(line, cx + 1);
            line.write(cx, Line.content(cp, 2), pen.fg, bg);
            line.write(cx + 1, Line.CONTINUATION, pen.fg, bg);
        } else {
            line.write(cx, Line.content(cp, 1), pen.fg, bg);
        }
        int end = cx + width;
        if (end < cols) breakContinuationAt(line, end);
        wrapPending = modes.autowrap && end > edge;
        cx = Math.min(end, edge);
    }

    /** The column printing wraps after: the right margin, or the last column for a cursor right of the margin. */
    private int rightEdge() {
        return cx > right ? cols - 1 : right;
    }

    /** Before overwriting column {@code col}: if it is the right half of a wide character, blank the left half. */
    private static void breakWideAt(Line line, int col) {
        if (col > 0 && line.content(col) == Line.CONTINUATION) line.set(col - 1, Line.BLANK, 0, line.bg(col - 1));
    }

    /** After writing up to {@code col}: a continuation left without its wide character becomes a blank. */
    private static void breakContinuationAt(Line line, int col) {
        if (line.content(col) == Line.CONTINUATION) line.set(col, Line.BLANK, 0, line.bg(col));
    }

    private void combine(int mark) {
        int col = wrapPending ? cx : cx - 1;
        if (col < 0) return;   // nothing to the left to combine with: dropped, as tmux does
        Line line = lines[cy];
        if (line.content(col) == Line.CONTINUATION && col > 0) col--;
        if (Line.width(line.content(col)) == 0) return;
        line.combine(col, mark);
    }

    private void wrap() {
        lines[cy].wrapped = true;
        lineFeed();
        cx = left;
    }

    // ---------------------------------------------------------------- C0 and simple ESC

    public void backspace() {
        cursorBack(1);
    }

    /** CR: to the left margin, or to column 0 from left of it outside origin mode (xterm). */
    public void carriageReturn() {
        cx = modes.originMode || cx >= left ? left : 0;
        wrapPending = false;
    }

    /**
     * LF, VT, FF and IND: down one row, scrolling the region at its bottom when the cursor is between the left and
     * right margins; the column is kept.
     */
    public void lineFeed() {
        wrapPending = false;
        if (cy == bottom && cx >= left && cx <= right) scrollRegionUp(1);
        else if (cy != bottom && cy < rows - 1) cy++;
    }

    /** NEL (and LF in LNM): index first, then return, as xterm does (the order matters beside the margins). */
    public void nextLine() {
        lineFeed();
        carriageReturn();
    }

    /** RI: up one row, scrolling the region down at its top. */
    public void reverseIndex() {
        wrapPending = false;
        if (cy == top && cx >= left && cx <= right) scrollRegionDown(1);
        else if (cy != top && cy > 0) cy--;
    }

    /** HT: to the next stop, at most to the right margin (xterm TabToNextStop). */
    public void tab() {
        tabForward(1);
    }

    /** CHT: to the n-th next stop, at most to the right margin. */
    public void tabForward(int n) {
        for (int i = 0; i < Math.max(n, 1); i++) {
            int next = Math.min(tabs.next(cx), right);
            if (next <= cx) break;
            cx = next;
        }
    }

    /** CBT: back to the previous stop, in origin mode not past the left margin. */
    public void tabBackward(int n) {
        int min = modes.originMode ? left : 0;
        for (int i = 0; i < Math.max(n, 1) && cx > min; i++) cx = Math.max(tabs.previous(cx), min);
    }

    public void setTabStop() {
        tabs.set(cx);
    }

    /** TBC: 0 clears the stop at the cursor, 3 clears all. */
    public void clearTabStops(int mode) {
        if (mode == 0) tabs.clear(cx);
        else if (mode == 3) tabs.clearAll();
    }

    public void shiftOut() {
        charsets.shiftedToG1 = true;
    }

    public void shiftIn() {
        charsets.shiftedToG1 = false;
    }

    /** ESC ( X / ESC ) X: {@code graphics} selects DEC Special Graphics, anything else ASCII. */
    public void designateCharset(int g, boolean graphics) {
        if (g == 0) charsets.g0Graphics = graphics;
        else charsets.g1Graphics = graphics;
    }

    public void saveCursor() {
        saved = new SavedCursor(cx, cy, wrapPending, pen.fg, pen.cellBg(), charsets.g0Graphics, charsets.g1Graphics,
                charsets.shiftedToG1, modes.originMode);
    }

    public void restoreCursor() {
        SavedCursor s = saved;
        pen.copyFrom(s.fg(), s.bg());
        charsets.g0Graphics = s.g0Graphics();
        charsets.g1Graphics = s.g1Graphics();
        charsets.shiftedToG1 = s.shiftedToG1();
        modes.originMode = s.originMode();
        cx = Math.min(s.col(), cols - 1);
        cy = Math.min(s.row(), rows - 1);
        wrapPending = s.wrapPending() && modes.autowrap;
    }

    /** DECALN: fill the screen with 'E', reset the margins, cursor home. */
    public void alignmentTest() {
        for (Line line : lines) {
            line.clear(0, cols, 0);
            for (int c = 0; c < cols; c++) line.write(c, Line.content('E', 1), 0, 0);
        }
        resetMargins();
        cx = 0;
        cy = 0;
        wrapPending = false;
    }

    private void resetMargins() {
        top = 0;
        bottom = rows - 1;
        left = 0;
        right = cols - 1;
    }

    // ---------------------------------------------------------------- cursor movement (CSI)

    public void cursorUp(int n) {
        n = Math.max(n, 1);
        n = Math.min(n, cy < top ? cy : cy - top);
        wrapPending = false;
        cy -= n;
    }

    public void cursorDown(int n) {
        n = Math.max(n, 1);
        n = Math.min(n, cy > bottom ? rows - 1 - cy : bottom - cy);
        wrapPending = false;
        cy += n;
    }

    /** CUF: stops at the right margin, or at the last column for a cursor already right of it (xterm). */
    public void cursorForward(int n) {
        cx = Math.min(cx + Math.max(n, 1), rightEdge());
        wrapPending = false;
    }

    /**
     * CUB and BS (xterm CursorBack): stops at the left margin, or at column 0 for a cursor already left of it. With
     * reverse wraparound (45 and autowrap) it continues at the right margin of the row above when that row was
     * wrapped onto this one; with 1045 it wraps whatever the row, from the region's top to its bottom.
     */
    public void cursorBack(int n) {
        boolean rev = modes.autowrap && modes.reverseWrap;
        boolean rev2 = modes.autowrap && modes.reverseWrapExtended;
        int min = cx < left ? 0 : left;
        int count = Math.max(n, 1);
        int col = cx;
        int row = cy;
        if ((rev || rev2) && wrapPending) count--;
        else col--;
        boolean moved = false;
        while (true) {
            if (col < min) {
                if (rev2) {
                    col = right;
                    if (row == top) row = bottom + 1;
                } else if (!rev) {
                    col = min;
                    break;
                }
                moved = true;
                row--;
            }
            if (moved) {
                moved = false;
                if (row != cy) {
                    if (!rev2 && (row < 0 || !lines[row].wrapped)) {
                        if (row < bottom) row++;   // reverse wrap refused: stays on the row
                        col = min;
                        break;
                    }
                    col = right;
                }
            }
            if (--count <= 0) break;
            col--;
        }
        cy = Math.clamp(row, 0, rows - 1);
        cx = Math.clamp(col, 0, cols - 1);
        wrapPending = false;
    }

    /** CUP/HVP with 1-based arguments, relative to the scroll region and margins in origin mode. */
    public void cursorPosition(int row1, int col1) {
        moveTo(Math.max(row1, 1) - 1, Math.max(col1, 1) - 1);
    }

    /** CHA/HPA, 1-based, relative to the left margin in origin mode. */
    public void cursorColumn(int col1) {
        moveTo(originRow(), Math.max(col1, 1) - 1);
    }

    /** VPA, 1-based, relative to the region in origin mode. */
    public void cursorRow(int row1) {
        moveTo(Math.max(row1, 1) - 1, originCol());
    }

    /** HPR/VPR (xterm): a cursor position relative to the current one, so not stopped by the margins. */
    public void cursorRelative(int rows, int cols) {
        moveTo(originRow() + rows, originCol() + cols);
    }

    private int originRow() {
        return modes.originMode ? cy - top : cy;
    }

    private int originCol() {
        return modes.originMode ? cx - left : cx;
    }

    /** xterm CursorSet: in origin mode relative to the region's top and the left margin and held inside them. */
    private void moveTo(int row, int col) {
        int maxRow = rows - 1;
        int maxCol = cols - 1;
        if (modes.originMode) {
            row += top;
            col += left;
            maxRow = bottom;
            maxCol = right;
        }
        cy = Math.clamp(row, 0, maxRow);
        cx = Math.clamp(col, 0, maxCol);
        wrapPending = false;
    }

    // ---------------------------------------------------------------- erase, insert, delete

    /** ED: 0 below, 1 above, 2 all, 3 scrollback only; after SPA sparing protected cells (xterm). */
    public void eraseInDisplay(int mode) {
        if (pen.isoProtection) selectiveEraseInDisplay(mode);
        else eraseAllInDisplay(mode);
    }

    private void eraseAllInDisplay(int mode) {
        int bg = pen.bg;
        switch (mode) {
            case 0 -> {
                if (cx == 0 && cy == 0 && !alternateScreen()) {
                    clearIntoHistory(bg);
                    return;
                }
                lines[cy].clear(cx, cols, bg);
                for (int r = cy + 1; r < rows; r++) clearLine(r, bg);
            }
            case 1 -> {
                for (int r = 0; r < cy; r++) clearLine(r, bg);
                int end = Math.min(cx + 1, cols);
                lines[cy].clear(0, end, bg);
                if (end < cols) breakContinuationAt(lines[cy], end);
            }
            case 2 -> {
                if (alternateScreen()) for (int r = 0; r < rows; r++) clearLine(r, bg);
                else clearIntoHistory(bg);
            }
            case 3 -> {
                scrollback.clear();
                scrolledIntoHistory = 0;
            }
            default -> { }
        }
    }

    /** tmux "scroll-on-clear": clearing the whole normal screen first moves its used lines into the scrollback. */
    private void clearIntoHistory(int bg) {
        int last = 0;
        for (int r = 0; r < rows; r++) if (lines[r].used != 0) last = r + 1;   // tmux: cellused != 0
        for (int r = 0; r < last; r++) pushToScrollback(0, rows - 1, bg);
        for (int r = 0; r < rows; r++) clearLine(r, bg);
        scrolledIntoHistory = 0;
    }

    private void clearLine(int r, int bg) {
        lines[r].clear(0, cols, bg);
    }

    /** EL: 0 right of the cursor, 1 left of it (inclusive), 2 whole line; after SPA sparing protected cells. */
    public void eraseInLine(int mode) {
        if (pen.isoProtection) selectiveEraseInLine(mode);
        else eraseAllInLine(mode);
    }

    private void eraseAllInLine(int mode) {
        int bg = pen.bg;
        Line line = lines[cy];
        switch (mode) {
            case 0 -> {
                if (cx == 0) clearLine(cy, bg);
                else if (!wrapPending) {   // tmux: nothing right of a pending wrap (xterm would erase the last column)
                    breakWideAt(line, cx);
                    line.clear(cx, cols, bg);
                }
            }
            case 1 -> {
                if (cx >= cols - 1) clearLine(cy, bg);
                else {
                    line.clear(0, cx + 1, bg);
                    breakContinuationAt(line, cx + 1);
                }
            }
            case 2 -> clearLine(cy, bg);
            default -> { }
        }
    }

    /** ECH; nothing while a wrap is pending (tmux). */
    public void eraseChars(int n) {
        if (wrapPending) return;
        n = Math.min(Math.max(n, 1), cols - cx);
        if (pen.isoProtection) {
            Rectangles.eraseUnprotected(lines, cy, cx, cy, cx + n - 1, pen.bg);
            return;
        }
        Line line = lines[cy];
        breakWideAt(line, cx);
        line.clear(cx, cx + n, pen.bg);
        if (cx + n < cols) breakContinuationAt(line, cx + n);
    }

    /** ICH: shifts the cells up to the right margin; outside the margins (xterm) or while a wrap is pending (tmux) it does nothing. */
    public void insertChars(int n) {
        if (wrapPending || cx < left || cx > right) return;
        insertCells(lines[cy], cx, Math.max(n, 1), pen.bg, right + 1);
    }

    /** DCH, with the same margin rule as {@link #insertChars}. */
    public void deleteChars(int n) {
        if (wrapPending || cx < left || cx > right) return;
        deleteCells(lines[cy], cx, Math.max(n, 1), pen.bg, right + 1);
    }

    /** Inserts {@code n} blanks at {@code col}, shifting cells up to {@code end} (exclusive) right. */
    private static void insertCells(Line line, int col, int n, int bg, int end) {
        breakWideAt(line, col);
        breakContinuationAt(line, col); // shifted right it would be a half without its character
        line.insertCells(col, n, bg, end);
        if (end < line.cols()) breakContinuationAt(line, end);
    }

    /** Deletes {@code n} cells at {@code col}, shifting cells up to {@code end} (exclusive) left. */
    private static void deleteCells(Line line, int col, int n, int bg, int end) {
        breakWideAt(line, col);
        if (end < line.cols()) {
            breakWideAt(line, end);
            breakContinuationAt(line, end);
        }
        line.deleteCells(col, n, bg, end);
    }

    /**
     * IL: shifts the region's rows from the cursor down, between the left and right margins, and returns the cursor
     * to the left margin; with the cursor outside the region or the margins it does nothing (xterm).
     */
    public void insertLines(int n) {
        if (!insideMargins()) return;
        shiftDown(cy, bottom, Math.min(Math.max(n, 1), bottom + 1 - cy), pen.bg);
        cx = left;
        wrapPending = false;
    }

    /** DL, with the same rules as {@link #insertLines}. */
    public void deleteLines(int n) {
        if (!insideMargins()) return;
        shiftUp(cy, bottom, Math.min(Math.max(n, 1), bottom + 1 - cy), pen.bg);
        cx = left;
        wrapPending = false;
    }

    private boolean insideMargins() {
        return cy >= top && cy <= bottom && cx >= left && cx <= right;
    }

    /** SU. */
    public void scrollUp(int n) {
        scrollRegionUp(Math.min(Math.max(n, 1), bottom - top + 1));
    }

    /** SD. */
    public void scrollDown(int n) {
        scrollRegionDown(Math.min(Math.max(n, 1), bottom - top + 1));
    }

    /**
     * DECSTBM with 1-based bounds (0 = default); an empty or one-line region is ignored; the cursor goes home, which
     * in origin mode is the region's top (xterm).
     */
    public void setScrollRegion(int top1, int bottom1) {
        int t = Math.min(Math.max(top1, 1) - 1, rows - 1);
        int b = Math.min((bottom1 == 0 ? rows : bottom1) - 1, rows - 1);
        if (t >= b) return;
        top = t;
        bottom = b;
        moveTo(0, 0);
    }

    /**
     * DECSLRM with 1-based columns (0 = default), only while DECLRMM is set (the caller checks); an empty or
     * one-column range is ignored; the cursor goes home as for DECSTBM.
     */
    public void setLeftRightMargins(int left1, int right1) {
        int l = Math.max(left1, 1) - 1;
        int r = (right1 == 0 || right1 > cols ? cols : right1) - 1;
        if (l >= r) return;
        left = l;
        right = r;
        moveTo(0, 0);
    }

    /** DECLRMM: margins apply only while it is set; resetting it brings them back to the whole width (xterm). */
    public void setLeftRightMarginMode(boolean on) {
        modes.leftRightMargins = on;
        if (!on) {
            left = 0;
            right = cols - 1;
        }
    }

    /** DECBI: left one column, or at the left margin the margins' contents shift right one column. */
    public void backIndex() {
        if (cx == left) insertColumnsAt(left, 1);
        else cursorBack(1);
    }

    /** DECFI: right one column, or at the right margin the margins' contents shift left one column. */
    public void forwardIndex() {
        if (cx == right) deleteColumnsAt(left, 1);
        else cursorForward(1);
    }

    /** DECIC: inserts blank columns at the cursor, within the region and margins (xterm). */
    public void insertColumns(int n) {
        insertColumnsAt(cx, Math.max(n, 1));
    }

    /** DECDC: deletes columns at the cursor, within the region and margins (xterm). */
    public void deleteColumns(int n) {
        deleteColumnsAt(cx, Math.max(n, 1));
    }

    private void insertColumnsAt(int col, int n) {
        if (!insideMargins()) return;
        for (int r = top; r <= bottom; r++) insertCells(lines[r], col, n, pen.bg, right + 1);
    }

    private void deleteColumnsAt(int col, int n) {
        if (!insideMargins()) return;
        for (int r = top; r <= bottom; r++) deleteCells(lines[r], col, n, pen.bg, right + 1);
    }

    /**
     * Scrolls the region up. On the normal screen the row leaving the region goes to the scrollback whatever the
     * region is: tmux (grid_scroll_history_region) keeps it, where xterm keeps only rows leaving at the screen top.
     */
    private void scrollRegionUp(int n) {
        int bg = pen.bg;
        if (left != 0 || right != cols - 1) {
            shiftUp(top, bottom, n, bg);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (alternateScreen()) {
                rotateUp(top, bottom, 1, bg);
            } else {
                pushToScrollback(top, bottom, bg);
                scrolledIntoHistory++;
            }
        }
    }

    /** Moves row {@code from} into the scrollback, shifts rows up to {@code to} and puts a blank row at {@code to}. */
    private void pushToScrollback(int from, int to, int bg) {
        Line gone = lines[from];
        System.arraycopy(lines, from + 1, lines, from, to - from);
        Line reuse = scrollback.push(gone);
        if (reuse == null || reuse == gone || reuse.cols() != cols) reuse = new Line(cols, bg);
        else reuse.clear(0, cols, bg);
        lines[to] = reuse;
    }

    private void scrollRegionDown(int n) {
        shiftDown(top, bottom, n, pen.bg);
    }

    /** Rows [from, to] between the margins: shift up by n, blanks enter at {@code to}. */
    private void shiftUp(int from, int to, int n, int bg) {
        if (left == 0 && right == cols - 1) {
            rotateUp(from, to, n, bg);
            return;
        }
        n = Math.min(n, to - from + 1);
        for (int r = from; r <= to - n; r++) copyColumns(lines[r + n], lines[r]);
        for (int r = to - n + 1; r <= to; r++) clearColumns(lines[r], bg);
    }

    /** Rows [from, to] between the margins: shift down by n, blanks enter at {@code from}. */
    private void shiftDown(int from, int to, int n, int bg) {
        if (left == 0 && right == cols - 1) {
            rotateDown(from, to, n, bg);
            return;
        }
        n = Math.min(n, to - from + 1);
        for (int r = to; r >= from + n; r--) copyColumns(lines[r - n], lines[r]);
        for (int r = from; r < from + n; r++) clearColumns(lines[r], bg);
    }

    /** Copies the cells between the margins from one row to another. */
    private void copyColumns(Line from, Line to) {
        breakWideAt(to, left);
        for (int c = left; c <= right; c++) to.copyCell(from, c, c);
        if (right + 1 < cols) breakContinuationAt(to, right + 1);
    }

    private void clearColumns(Line line, int bg) {
        breakWideAt(line, left);
        line.clear(left, right + 1, bg);
        if (right + 1 < cols) breakContinuationAt(line, right + 1);
    }

    /** Rows [from, to]: shift up by n, blank rows enter at {@code to}. */
    private void rotateUp(int from, int to, int n, int bg) {
        if (n <= 0 || from > to) return;
        n = Math.min(n, to - from + 1);
        var recycled = new Line[n];
        System.arraycopy(lines, from, recycled, 0, n);
        System.arraycopy(lines, from + n, lines, from, to - from + 1 - n);
        for (int i = 0; i < n; i++) {
            recycled[i].clear(0, cols, bg);
            lines[to - n + 1 + i] = recycled[i];
        }
    }

    /** Rows [from, to]: shift down by n, blank rows enter at {@code from}. */
    private void rotateDown(int from, int to, int n, int bg) {
        if (n <= 0 || from > to) return;
        n = Math.min(n, to - from + 1);
        var recycled = new Line[n];
        System.arraycopy(lines, to - n + 1, recycled, 0, n);
        System.arraycopy(lines, from, lines, from + n, to - from + 1 - n);
        for (int i = 0; i < n; i++) {
            recycled[i].clear(0, cols, bg);
            lines[from + i] = recycled[i];
        }
    }

    // ---------------------------------------------------------------- rectangles and selective erase

    /**
     * DECFRA (and DECERA with a space): fills the rectangle, 0-based and inclusive, clamped here to the screen,
     * with the character in the pen's style.
     */
    public void fillRectangle(int codePoint, int top, int left, int bottom, int right) {
        if (!validRectangle(top, left, bottom, right)) return;
        int content = Line.content(charsets.map(codePoint), 1);
        Rectangles.fill(lines, top, left, Math.min(bottom, rows - 1), Math.min(right, cols - 1), content, pen.fg,
                pen.cellBg());
    }

    /** DECERA: blanks the rectangle, protected cells too, with the pen's background. */
    public void eraseRectangle(int top, int left, int bottom, int right) {
        if (!validRectangle(top, left, bottom, right)) return;
        Rectangles.fill(lines, top, left, Math.min(bottom, rows - 1), Math.min(right, cols - 1), Line.BLANK, 0, pen.bg);
    }

    /** DECSERA: blanks the cells of the rectangle that DECSCA did not protect (SPA's protection does not count). */
    public void selectiveEraseRectangle(int top, int left, int bottom, int right) {
        if (pen.isoProtection) {
            eraseRectangle(top, left, bottom, right);
            return;
        }
        if (!validRectangle(top, left, bottom, right)) return;
        Rectangles.eraseUnprotected(lines, top, left, Math.min(bottom, rows - 1), Math.min(right, cols - 1), pen.bg);
    }

    /** DECCRA: copies the rectangle so that its top-left corner lands on ({@code toRow}, {@code toCol}). */
    public void copyRectangle(int top, int left, int bottom, int right, int toRow, int toCol) {
        if (!validRectangle(top, left, bottom, right) || toRow >= rows || toCol >= cols) return;
        Rectangles.copy(lines, top, left, Math.min(bottom, rows - 1), Math.min(right, cols - 1), toRow, toCol);
    }

    private boolean validRectangle(int top, int left, int bottom, int right) {
        return top >= 0 && left >= 0 && top <= bottom && left <= right && top < rows && left < cols;
    }

    /**
     * DECSED: as ED 0, 1, 2 sparing protected cells (and leaving the scrollback alone). xterm spares the cells SPA
     * protected too, which esctest lists as a known bug of xterm.
     */
    public void selectiveEraseInDisplay(int mode) {
        switch (mode) {
            case 0 -> {
                selectiveEraseInLine(0);
                if (cy + 1 < rows) Rectangles.eraseUnprotected(lines, cy + 1, 0, rows - 1, cols - 1, pen.bg);
            }
            case 1 -> {
                if (cy > 0) Rectangles.eraseUnprotected(lines, 0, 0, cy - 1, cols - 1, pen.bg);
                selectiveEraseInLine(1);
            }
            case 2 -> Rectangles.eraseUnprotected(lines, 0, 0, rows - 1, cols - 1, pen.bg);
            default -> { }
        }
    }

    /** DECSEL: as EL 0, 1, 2 sparing protected cells (as DECSED). */
    public void selectiveEraseInLine(int mode) {
        switch (mode) {
            case 0 -> Rectangles.eraseUnprotected(lines, cy, cx, cy, cols - 1, pen.bg);
            case 1 -> Rectangles.eraseUnprotected(lines, cy, 0, cy, cx, pen.bg);
            case 2 -> Rectangles.eraseUnprotected(lines, cy, 0, cy, cols - 1, pen.bg);
            default -> { }
        }
    }

    // ---------------------------------------------------------------- modes with screen effects

    public void setOriginMode(boolean on) {
        modes.originMode = on;
        moveTo(0, 0);
    }

    /**
     * Shows the alternate screen (47, 1047, 1049; alike except that 1049 first saves the cursor as DECSC does, in
     * the normal screen's slot, and clears the alternate screen, as xterm does). The alternate screen shows what 47
     * left on it, else it starts blank; it never feeds the scrollback.
     */
    public void enterAlternateScreen(boolean saveCursor) {
        if (alternateScreen()) return;
        if (saveCursor) saveCursor();
        savedNormal = lines;
        boolean kept = !saveCursor && keptAlternate != null && keptAlternate.length == rows
                && keptAlternate[0].cols() == cols;
        lines = kept ? keptAlternate : blankLines(rows, cols);
        keptAlternate = null;
        swapSavedCursors();
    }

    private void swapSavedCursors() {
        SavedCursor shown = saved;
        saved = savedOther;
        savedOther = shown;
    }

    /**
     * Back to the normal screen; with {@code keep} (mode 47) the alternate screen's contents wait for the next 47 or
     * 1047, otherwise (1047, 1049) they are cleared (xterm). As in tmux the normal screen keeps the size it had when
     * the alternate screen was entered until now; it is resized (with reflow) after the cursor is restored.
     */
    public void leaveAlternateScreen(boolean restoreCursor, boolean keep) {
        int currentRows = rows;
        int currentCols = cols;
        if (alternateScreen()) {
            keptAlternate = keep ? lines : null;
            rows = savedNormal.length;
            cols = savedNormal[0].cols();
            swapSavedCursors();
        }
        if (restoreCursor) restoreCursor();
        cx = Math.min(cx, cols - 1);
        cy = Math.min(cy, rows - 1);
        if (!alternateScreen()) return;
        lines = savedNormal;
        savedNormal = null;
        if (rows != currentRows || cols != currentCols) {
            int savedCols = cols;
            resizeNormal(currentRows, currentCols);
            cols = savedCols;   // setSize compares with the old width to reset the tab stops
            setSize(currentRows, currentCols);
        }
    }

    // ---------------------------------------------------------------- resets

    /** DECSTR: modes, margins, pen, charsets and saved cursor back to defaults; the screen is kept. */
    public void softReset() {
        modes.insertMode = false;
        modes.originMode = false;
        modes.autowrap = true;
        modes.applicationCursor = false;
        modes.applicationKeypad = false;
        modes.cursorVisible = true;
        modes.leftRightMargins = false;
        resetMargins();
        pen.reset();
        pen.protect(false);
        charsets.reset();
        saved = SavedCursor.HOME;
        lastPrinted = -1;
    }

    /**
     * RIS as tmux does it (screen_write_reset + input_reset_cell): modes, pen, charsets, tabs and margins reset and
     * the screen cleared (into the scrollback on the normal screen). Like tmux it does not leave the alternate screen.
     */
    public void fullReset() {
        modes.reset();
        pen.reset();
        pen.protect(false);
        charsets.reset();
        saved = SavedCursor.HOME;
        savedOther = SavedCursor.HOME;
        tabs.reset(cols);
        resetMargins();
        keptAlternate = null;
        if (alternateScreen()) for (int r = 0; r < rows; r++) clearLine(r, 0);
        else clearIntoHistory(0);
        cx = 0;
        cy = 0;
        wrapPending = false;
        lastPrinted = -1;
    }

    // ---------------------------------------------------------------- resize

    /**
     * Resizes like tmux: the normal screen is re-wrapped to the new width together with its scrollback
     * ({@link Reflow}) and rows are taken from or given back to the scrollback; the alternate screen is cut or
     * padded (and the normal screen is resized when the program leaves the alternate screen, as tmux does).
     */
    public void resize(int newRows, int newCols) {
        if (newRows < 1 || newCols < 1) throw new IllegalArgumentException("screen size must be at least 1x1: " + newRows + "x" + newCols);
        if (newRows == rows && newCols == cols) return;
        if (alternateScreen()) {
            Resized current = resizeRows(lines, cy, newRows, false);
            lines = current.lines();
            for (Line line : lines) line.resize(newCols, 0);
            cy = current.cursorRow();
            cx = Math.min(cx, newCols - 1);
            wrapPending = false;
        } else {
            resizeNormal(newRows, newCols);
        }
        setSize(newRows, newCols);
    }

    private void setSize(int newRows, int newCols) {
        if (newCols != cols) tabs.reset(newCols);
        rows = newRows;
        cols = newCols;
        resetMargins();
        saved = saved.within(rows, cols);
        savedOther = savedOther.within(rows, cols);
    }

    /** The normal screen from its current size ({@code lines}) to the new one: rows first, then reflow. */
    private void resizeNormal(int newRows, int newCols) {
        Resized current = resizeRows(lines, cy, newRows, true);
        lines = current.lines();
        cy = current.cursorRow();
        int oldCols = lines[0].cols();
        if (newCols == oldCols) return;
        var all = new ArrayList<Line>(scrollback.size() + newRows);
        all.addAll(scrollback.drain());
        int history = all.size();
        all.addAll(List.of(lines));
        Reflow.Result result = Reflow.reflow(all, newCols, history + cy, wrapPending ? cx + 1 : cx);
        List<Line> out = new ArrayList<>(result.lines());
        while (out.size() < newRows) out.add(new Line(newCols, 0));
        int newHistory = out.size() - newRows;
        for (int i = 0; i < newHistory; i++) scrollback.push(out.get(i));
        lines = out.subList(newHistory, out.size()).toArray(Line[]::new);
        scrolledIntoHistory = Math.min(scrolledIntoHistory, scrollback.size());
        int row = result.cursorRow() - newHistory;
        if (row < 0) {
            cy = 0;
            cx = 0;
            wrapPending = false;
        } else {
            cy = row;
            wrapPending = result.cursorCol() >= newCols;   // the deferred wrap survives as tmux keeps cx == cols
            cx = Math.min(result.cursorCol(), newCols - 1);
        }
    }

    private record Resized(Line[] lines, int cursorRow) {}

    /**
     * tmux screen_resize_y: shrinking first drops rows below the cursor, then moves rows off the top (into the
     * scrollback when it has one); growing first pulls back rows that scrolling pushed into the scrollback.
     */
    private Resized resizeRows(Line[] current, int cursorRow, int newRows, boolean withHistory) {
        int oldRows = current.length;
        int oldCols = current[0].cols();
        var list = new ArrayList<Line>(List.of(current));
        int row = cursorRow;
        if (newRows < oldRows) {
            int needed = oldRows - newRows;
            int below = Math.min(oldRows - 1 - row, needed);
            for (int i = 0; i < below; i++) list.removeLast();
            needed -= below;
            for (int i = 0; i < needed; i++) {
                Line gone = list.removeFirst();
                if (withHistory) {
                    scrollback.push(gone);
                    scrolledIntoHistory++;
                }
            }
            row -= needed;
        } else {
            int needed = newRows - oldRows;
            if (withHistory) {
                int available = Math.min(Math.min(scrolledIntoHistory, scrollback.size()), needed);
                for (int i = 0; i < available; i++) {
                    Line back = scrollback.popNewest();
                    back.resize(oldCols, 0);
                    list.addFirst(back);
                }
                scrolledIntoHistory -= available;
                row += available;
                needed -= available;
            }
            for (int i = 0; i < needed; i++) list.add(new Line(oldCols, 0));
        }
        return new Resized(list.toArray(Line[]::new), Math.min(Math.max(row, 0), newRows - 1));
    }

    // ---------------------------------------------------------------- reading

    public List<String> lineTexts() {
        var out = new ArrayList<String>(rows);
        for (Line line : lines) out.add(line.text());
        return out;
    }

    /** Per visible row, its {@link Line#renditionKey() rendition key}. */
    public List<String> lineRenditions() {
        var out = new ArrayList<String>(rows);
        for (Line line : lines) out.add(line.renditionKey());
        return out;
    }

    public List<String> scrollbackTail(int count) {
        return count <= 0 ? List.of() : scrollback.tail(count);
    }

    public List<List<Cell>> cells() {
        var out = new ArrayList<List<Cell>>(rows);
        var styles = new HashMap<Long, Style>();
        for (Line line : lines) {
            var row = new ArrayList<Cell>(cols);
            for (int c = 0; c < cols; c++) {
                int content = line.content(c);
                int fg = line.fg(c);
                int bg = line.bg(c);
                var style = styles.computeIfAbsent((long) fg << 32 | (bg & 0xFFFF_FFFFL), k -> Attrs.toStyle(fg, bg));
                row.add(new Cell(line.text(content), Line.width(content), style));
            }
            out.add(List.copyOf(row));
        }
        return List.copyOf(out);
    }
}
