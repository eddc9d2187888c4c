package dev.uictl.vt.screen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One row of cells in three planes of one int array: contents in [0, cols), foregrounds in [cols, 2 cols),
 * backgrounds in [2 cols, 3 cols). Planes rather than interleaved triples (xterm.js BufferLine) because the hot
 * operations touch one attribute over a run of columns: a run of printed text is a widening copy plus two fills,
 * and clearing is three fills, all of which the JIT vectorises. Content is a code point with its width in bits
 * 21–22; with {@link #EXTENDED} set the low bits index {@link #graphemes} instead (a base character with combining
 * marks). A width-0 content of 0 is the continuation of the wide character to its left.
 */
final class Line {

    static final int WIDTH_SHIFT = 21;
    static final int EXTENDED = 1 << 23;
    private static final int CODE_MASK = (1 << WIDTH_SHIFT) - 1;
    static final int BLANK = ' ' | 1 << WIDTH_SHIFT;
    static final int CONTINUATION = 0;
    /**
     * Contents are stored XOR {@link #BLANK} so that a zeroed array is a row of default blanks: new rows need no
     * filling and clearing is a memset, which is most of the cost of scrolling. A printable ASCII byte b is stored
     * as {@code b ^ STORED_ASCII_XOR}.
     */
    private static final int STORED_ASCII_XOR = BLANK ^ 1 << WIDTH_SHIFT;

    private int cols;
    private int[] cells;
    /**
     * Columns from here to the end are all zero (default blanks) in every plane, so clearing a row stops here:
     * scrolled-off rows are recycled, and clearing all 80 columns of a short line would cost more than writing it.
     */
    private int dirty;
    /** The text of this row continues on the next row (it was wrapped by autowrap). */
    boolean wrapped;
    /**
     * Columns in use from the left, kept exactly like tmux's cellused because reflow and the cursor position after
     * a resize depend on it: writing a cell extends it, clearing a whole line resets it, partial clears leave it,
     * and shifting cells (ICH/DCH) extends it to the last shifted cell.
     */
    int used;
    private List<String> graphemes;

    Line(int cols, int bg) {
        this.cols = cols;
        cells = new int[cols * 3];
        if (bg != 0) clear(0, cols, bg);
    }

    int cols() {
        return cols;
    }

    static int content(int codePoint, int width) {
        return codePoint | width << WIDTH_SHIFT;
    }

    static int width(int content) {
        return content >>> WIDTH_SHIFT & 3;
    }

    int content(int col) {
        return cells[col] ^ BLANK;
    }

    int fg(int col) {
        return cells[cols + col];
    }

    int bg(int col) {
        return cells[2 * cols + col];
    }

    /** Sets a cell as written by the program (it counts as used). */
    void write(int col, int content, int fg, int bg) {
        set(col, content, fg, bg);
        if (col >= used) used = col + 1;
    }

    /** Writes printable ASCII {@code data[from, from + n)} at {@code col} in one pen (the caller checked the fit). */
    void writeAscii(int col, byte[] data, int from, int n, int fg, int bg) {
        int[] c = cells;
        for (int k = 0; k < n; k++) c[col + k] = data[from + k] ^ STORED_ASCII_XOR;   // (b | width 1) ^ BLANK
        Arrays.fill(c, cols + col, cols + col + n, fg);
        Arrays.fill(c, 2 * cols + col, 2 * cols + col + n, bg);
        int end = col + n;
        if (end > used) used = end;
        if (end > dirty) dirty = end;
    }

    void set(int col, int content, int fg, int bg) {
        cells[col] = content ^ BLANK;
        cells[cols + col] = fg;
        cells[2 * cols + col] = bg;
        if (col >= dirty) dirty = col + 1;
    }

    /** Blanks columns [from, to) with the given background (erase operations keep the current background). */
    void clear(int from, int to, int bg) {
        int end = bg == 0 ? Math.min(to, dirty) : to;   // past dirty everything is a default blank already
        if (from < end) {
            Arrays.fill(cells, from, end, 0);
            Arrays.fill(cells, cols + from, cols + end, 0);
            Arrays.fill(cells, 2 * cols + from, 2 * cols + end, bg);
        }
        if (bg != 0) dirty = Math.max(dirty, to);
        else if (to >= dirty) dirty = Math.min(dirty, from);
        if (from == 0 && to == cols) {
            graphemes = null;
            wrapped = false;
            used = 0;
        }
    }

    /** Appends a combining mark to the character at {@code col}. */
    void combine(int col, int mark) {
        int content = content(col);
        String base = text(content);
        if (graphemes == null) graphemes = new ArrayList<>();
        else if (graphemes.size() > 4 * cols() + 16) compactGraphemes();
        graphemes.add(base + Character.toString(mark));
        cells[col] = (EXTENDED | width(content) << WIDTH_SHIFT | graphemes.size() - 1) ^ BLANK;
    }

    /** Text of a cell content: "" for a continuation. */
    String text(int content) {
        if ((content & EXTENDED) != 0) return graphemes.get(content & CODE_MASK);
        int cp = content & CODE_MASK;
        return cp == 0 ? "" : Character.toString(cp);
    }

    /** Inserts {@code n} blank cells at {@code col}, shifting the rest right; cells pushed past the edge are lost. */
    void insertCells(int col, int n, int bg) {
        n = Math.min(n, cols - col);
        shift(col, col + n, cols - col - n);
        dirty = Math.min(cols, dirty + n);
        if (cols - col - n > 0) used = cols;
        clear(col, col + n, bg);
        fixWideEdge(cols - 1, bg);
    }

    /** Deletes {@code n} cells at {@code col}, shifting the rest left and blanking the right end. */
    void deleteCells(int col, int n, int bg) {
        n = Math.min(n, cols - col);
        shift(col + n, col, cols - col - n);
        if (cols - col - n > 0) used = Math.max(used, cols - n);
        clear(cols - n, cols, bg);
        if (col < cols && width(content(col)) == 0) set(col, BLANK, 0, bg(col));
    }

    /** Moves {@code length} columns from {@code from} to {@code to} in every plane. */
    private void shift(int from, int to, int length) {
        for (int plane = 0; plane < 3 * cols; plane += cols) System.arraycopy(cells, plane + from, cells, plane + to, length);
    }

    /** A wide character whose continuation fell off the right edge becomes a blank. */
    private void fixWideEdge(int last, int bg) {
        if (width(content(last)) == 2) set(last, BLANK, 0, bg);
    }

    void resize(int cols, int bg) {
        int old = this.cols;
        if (cols == old) return;
        int kept = Math.min(cols, old);
        int[] resized = new int[cols * 3];
        for (int plane = 0; plane < 3; plane++) System.arraycopy(cells, plane * old, resized, plane * cols, kept);
        this.cols = cols;
        cells = resized;
        dirty = Math.min(dirty, cols);
        if (cols > old) clear(old, cols, bg);
        else {
            used = Math.min(used, cols);
            fixWideEdge(cols - 1, bg(cols - 1));
        }
    }

    /** Appends cell {@code col} of {@code from} at column {@code to} of this line (reflow), graphemes included. */
    void copyCell(Line from, int col, int to) {
        int content = from.content(col);
        if ((content & EXTENDED) != 0) {
            if (graphemes == null) graphemes = new ArrayList<>();
            graphemes.add(from.text(content));
            content = EXTENDED | width(content) << WIDTH_SHIFT | graphemes.size() - 1;
        }
        write(to, content, from.fg(col), from.bg(col));
    }

    /** The row as text: continuations skipped, trailing blanks trimmed. */
    String text() {
        var sb = new StringBuilder(cols());
        int end = cols();
        while (end > 0 && content(end - 1) == BLANK) end--;
        for (int c = 0; c < end; c++) {
            int content = content(c);
            if ((content & EXTENDED) != 0) sb.append(text(content));
            else if (content != CONTINUATION) sb.appendCodePoint(content & CODE_MASK);
        }
        return sb.toString();
    }

    private void compactGraphemes() {
        var kept = new ArrayList<String>();
        for (int c = 0, n = cols(); c < n; c++) {
            int content = content(c);
            if ((content & EXTENDED) != 0) {
                kept.add(text(content));
                cells[c] = (EXTENDED | width(content) << WIDTH_SHIFT | kept.size() - 1) ^ BLANK;
            }
        }
        graphemes = kept;
    }
}
