package dev.uictl.vt.screen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One row of cells: an int of content per column, and apart from them, allocated only once the row gets colours,
 * a (fg, bg) pair of ints per column (xterm.js BufferLine packs all three together). Most rows of bulk output are
 * in the default colours: they cost a third of the memory, and writing or clearing them touches only contents.
 * Content is a code point with its width in bits 21–22; with {@link #EXTENDED} set the low bits index
 * {@link #graphemes} instead (a base character with combining marks). A width-0 content of 0 is the continuation
 * of the wide character to its left.
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

    private int[] contents;
    /** (fg, bg) per column; null until the row first gets a colour. */
    private int[] colours;
    /** Every colour of the row is 0 (the default), as in a new or cleared row; {@link #colours} is null or all 0. */
    private boolean uncoloured = true;
    /**
     * Columns from here to the end are all zero (default blanks), so clearing stops here: scrolling recycles rows
     * evicted from a full scrollback, long out of the cache, and clearing all 80 columns of a short line would
     * cost more than writing it.
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
        contents = new int[cols];
        if (bg != 0) clear(0, cols, bg);
    }


    int cols() {
        return contents.length;
    }

    static int content(int codePoint, int width) {
        return codePoint | width << WIDTH_SHIFT;
    }

    static int width(int content) {
        return content >>> WIDTH_SHIFT & 3;
    }

    int content(int col) {
        return contents[col] ^ BLANK;
    }

    int fg(int col) {
        return uncoloured ? 0 : colours[col * 2];
    }

    int bg(int col) {
        return uncoloured ? 0 : colours[col * 2 + 1];
    }

    /** Sets a cell as written by the program (it counts as used). */
    void write(int col, int content, int fg, int bg) {
        set(col, content, fg, bg);
        if (col >= used) used = col + 1;
    }

    /** Marks columns up to {@code end} (exclusive) as used. */
    private void markUsed(int end) {
        if (end > used) used = end;
        if (end > dirty) dirty = end;
    }

    /** Writes printable ASCII {@code data[from, from + n)} at {@code col} in one pen (the caller checked the fit). */
    void writeAscii(int col, byte[] data, int from, int n, int fg, int bg) {
        int[] c = contents;
        for (int k = 0; k < n; k++) c[col + k] = data[from + k] ^ STORED_ASCII_XOR;   // (b | width 1) ^ BLANK
        if (!uncoloured || (fg | bg) != 0) {
            int[] pairs = coloured();
            for (int k = 0, o = col * 2; k < n; k++, o += 2) {
                pairs[o] = fg;
                pairs[o + 1] = bg;
            }
        }
        markUsed(col + n);
    }

    void set(int col, int content, int fg, int bg) {
        contents[col] = content ^ BLANK;
        if (!uncoloured || (fg | bg) != 0) {
            int[] pairs = coloured();
            pairs[col * 2] = fg;
            pairs[col * 2 + 1] = bg;
        }
        if (col >= dirty) dirty = col + 1;
    }

    /** Blanks columns [from, to) with the given background (erase operations keep the current background). */
    void clear(int from, int to, int bg) {
        if (bg == 0) {
            int end = Math.min(to, dirty);   // past dirty everything is a default blank already
            if (from < end) {
                Arrays.fill(contents, from, end, 0);
                if (!uncoloured) Arrays.fill(colours, from * 2, end * 2, 0);
            }
            if (to >= dirty) dirty = Math.min(dirty, from);
        } else {
            for (int c = from; c < to; c++) set(c, BLANK, 0, bg);
        }
        if (from == 0 && to == cols()) {
            uncoloured = bg == 0;
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
        contents[col] = (EXTENDED | width(content) << WIDTH_SHIFT | graphemes.size() - 1) ^ BLANK;
    }

    /** Text of a cell content: "" for a continuation. */
    String text(int content) {
        if ((content & EXTENDED) != 0) return graphemes.get(content & CODE_MASK);
        int cp = content & CODE_MASK;
        return cp == 0 ? "" : Character.toString(cp);
    }

    /**
     * Inserts {@code n} blank cells at {@code col}, shifting the cells up to {@code end} (exclusive: the right margin
     * plus one) right; cells pushed past it are lost.
     */
    void insertCells(int col, int n, int bg, int end) {
        n = Math.min(n, end - col);
        shift(col, col + n, end - col - n);
        if (dirty <= end) dirty = Math.min(end, dirty + n);
        if (end - col - n > 0) markUsed(end);
        clear(col, col + n, bg);
        fixWideEdge(end - 1, bg);
    }

    /** Deletes {@code n} cells at {@code col}, shifting the cells up to {@code end} (exclusive) left and blanking its end. */
    void deleteCells(int col, int n, int bg, int end) {
        n = Math.min(n, end - col);
        shift(col + n, col, end - col - n);
        if (end - col - n > 0) markUsed(end - n);
        clear(end - n, end, bg);
        if (col < end && width(content(col)) == 0) set(col, BLANK, 0, bg(col));
    }

    /** The colour pairs, allocated if need be, for a write that may leave the row coloured. */
    private int[] coloured() {
        if (colours == null) colours = new int[contents.length * 2];
        uncoloured = false;
        return colours;
    }

    /** Moves {@code length} columns from {@code from} to {@code to}, contents and colours. */
    private void shift(int from, int to, int length) {
        System.arraycopy(contents, from, contents, to, length);
        if (!uncoloured) System.arraycopy(colours, from * 2, colours, to * 2, length * 2);
    }

    /** A wide character whose continuation fell off the right edge becomes a blank. */
    private void fixWideEdge(int last, int bg) {
        if (width(content(last)) == 2) set(last, BLANK, 0, bg);
    }

    void resize(int cols, int bg) {
        int old = cols();
        if (cols == old) return;
        contents = Arrays.copyOf(contents, cols);
        if (colours != null) colours = Arrays.copyOf(colours, cols * 2);
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

    /**
     * The row's rendition as it is displayed, as text ("" for a row in the default style): rows with equal keys look
     * alike wherever their text does, so a redraw that only moves a highlight changes the key. A blank shows only its
     * background, underline and strike, unless it is inverse (then its foreground colour fills it): other flags and
     * the foreground colour of a blank are left out, as they change nothing on the screen.
     */
    String renditionKey() {
        if (uncoloured) return "";
        var key = new StringBuilder();
        long last = 0;
        for (int c = 0, n = cols(); c < n; c++) {
            int fg = fg(c);
            if (content(c) == BLANK && (fg & Attrs.INVERSE) == 0) fg &= Attrs.UNDERLINE | Attrs.STRIKE;
            long shown = (long) fg << 32 | (bg(c) & ~Attrs.PROTECTED & 0xFFFF_FFFFL);
            if (shown != last) {
                key.append(c).append(':').append(Long.toHexString(shown)).append(' ');
                last = shown;
            }
        }
        return key.toString();
    }

    private void compactGraphemes() {
        var kept = new ArrayList<String>();
        for (int c = 0, n = cols(); c < n; c++) {
            int content = content(c);
            if ((content & EXTENDED) != 0) {
                kept.add(text(content));
                contents[c] = (EXTENDED | width(content) << WIDTH_SHIFT | kept.size() - 1) ^ BLANK;
            }
        }
        graphemes = kept;
    }
}
