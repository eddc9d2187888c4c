package dev.uictl.vt.conformance;

import dev.uictl.vt.Cell;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Style;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Answers the {@code ?screen_*} and {@code ?cursor} queries of libvterm's test harness (t/harness.c) from a
 * {@link ScreenSnapshot}, printed as the harness prints them. The screen API does not tell an erased cell from a
 * written space, so blanks count as erased (libvterm's empty cells), which is what every script expects.
 */
final class LibvtermQueries {

    private final ScreenSnapshot screen;
    private final LibvtermPalette palette;

    LibvtermQueries(ScreenSnapshot screen, LibvtermPalette palette) {
        this.screen = screen;
        this.palette = palette;
    }

    String cursor() {
        return screen.cursor().row() + "," + screen.cursor().col();
    }

    /** Code points of a rectangle (rows joined by LF, blanks only between characters), as vterm_screen_get_chars. */
    int[] chars(int top, int left, int bottom, int right) {
        var out = new ArrayList<Integer>();
        for (int r = top; r < bottom; r++) {
            int padding = 0;
            for (int c = left; c < right; c++) {
                Cell cell = cell(r, c);
                if (cell == null || cell.ch().equals(" ")) {
                    padding++;
                } else if (!cell.ch().isEmpty()) {
                    for (; padding > 0; padding--) out.add((int) ' ');
                    cell.ch().codePoints().forEach(out::add);
                }
            }
            if (r < bottom - 1) out.add((int) '\n');
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The same rectangle as UTF-8 bytes, as vterm_screen_get_text. */
    int[] text(int top, int left, int bottom, int right) {
        int[] chars = chars(top, left, bottom, right);
        byte[] utf8 = new String(chars, 0, chars.length).getBytes(StandardCharsets.UTF_8);
        int[] out = new int[utf8.length];
        for (int i = 0; i < utf8.length; i++) out[i] = utf8[i] & 0xFF;
        return out;
    }

    int[] row(int row) {
        return chars(row, 0, row + 1, screen.cols());
    }

    /** {@code {0x41} width=1 attrs={B} fg=rgb(…) bg=rgb(…)}; blink, fonts and baselines are not in the model. */
    String cellText(int row, int col) {
        Cell cell = cell(row, col);
        String chars = cell.ch().equals(" ") ? "" : cell.ch().codePoints().mapToObj(cp -> "0x" + Integer.toHexString(cp))
                .collect(Collectors.joining(","));
        Style s = cell.style();
        String attrs = (s.bold() ? "B" : "") + (s.underline() ? "U1" : "") + (s.italic() ? "I" : "") + (s.inverse() ? "R" : "");
        return "{" + chars + "} width=" + Math.max(cell.width(), 1) + " attrs={" + attrs + "} fg="
                + palette.rgb(s.fg(), true) + " bg=" + palette.rgb(s.bg(), false);
    }

    String eol(int row, int col) {
        for (int c = col; c < screen.cols(); c++) if (!cell(row, c).ch().equals(" ")) return "0";
        return "1";
    }

    /** vterm_screen_get_attrs_extent over the whole row: its end column is inclusive. */
    String attrsExtent(int row, int col) {
        Style target = cell(row, col).style();
        int start = col;
        while (start > 0 && cell(row, start - 1).style().equals(target)) start--;
        int end = col + 1;
        while (end < screen.cols() && cell(row, end).style().equals(target)) end++;
        return row + "," + start + "-" + (row + 1) + "," + (end - 1);
    }

    private Cell cell(int row, int col) {
        List<Cell> cells = screen.cells().get(row);
        return col < cells.size() ? cells.get(col) : null;
    }

    /** Parses "1,2,3,4" into ints. */
    static int[] ints(String text) {
        return Arrays.stream(text.split(",")).map(String::strip).mapToInt(Integer::parseInt).toArray();
    }
}
