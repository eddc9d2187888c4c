package dev.uictl.vt.ref;

import dev.uictl.vt.Cell;
import dev.uictl.vt.Color;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Style;
import dev.uictl.vt.ref.RefRecording.Expected;
import dev.uictl.vt.ref.RefRecording.ExpectedCell;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Compares the emulator's snapshot with what tmux showed and describes every difference readably: rows as text,
 * then the first differing cells of each row with both characters and styles, then the scrollback (text).
 *
 * <p>Normalizations (each forced by what tmux can report, nothing else; the oracle applies all but the last two
 * when it writes expected.json):
 * <ul>
 *   <li>tmux parks the cursor at column {@code cols} while a wrap is pending; xterm and the API keep it on the last
 *       column with a pending-wrap flag. The oracle clamps tmux's column to {@code cols - 1}.</li>
 *   <li>tmux stores a DEC Special Graphics cell as its ASCII letter plus a charset flag; the oracle maps it to the
 *       glyph xterm shows (the same table the API documents).</li>
 *   <li>{@code 38;5;n} with n &lt; 16 is the ANSI colour n, as the API defines it.</li>
 *   <li>tmux's pane title starts as the host name; a title the program never set is expected to be empty.</li>
 *   <li>{@code capture-pane} reports a row only up to its last written cell. The oracle recovers the cells after it
 *       (never written, or erased with a background colour) by writing a mark into the last column of a second,
 *       identical pane; the last column itself then stays unknown when it lies after the row's last written cell.
 *       Unknown cells are compared by character only (blank).</li>
 *   <li>tmux 3.3a joins the character after a zero width joiner into the joiner's cell; the oracle's parser does
 *       the same to place tmux's cells in their columns (the emulator follows glibc widths instead: see the
 *       utf8_zwj recording's oracle-defects.json).</li>
 *   <li>Blink, hidden and overline have no place in the API's Style and are not compared.</li>
 * </ul>
 */
public final class ScreenDiff {

    private static final int CELL_DIFFS_PER_ROW = 4;

    private ScreenDiff() {}

    /** An empty list when the screens agree. */
    public static List<String> compare(Expected want, ScreenSnapshot got) {
        List<String> problems = new ArrayList<>();
        if (want.rows() != got.rows() || want.cols() != got.cols()) {
            problems.add("size: tmux %dx%d, ours %dx%d".formatted(want.rows(), want.cols(), got.rows(), got.cols()));
            return problems;
        }
        if (want.cursorRow() != got.cursor().row() || want.cursorCol() != got.cursor().col()
                || want.cursorVisible() != got.cursor().visible())
            problems.add("cursor: tmux (%d,%d%s), ours (%d,%d%s)".formatted(want.cursorRow(), want.cursorCol(),
                    want.cursorVisible() ? "" : " hidden", got.cursor().row(), got.cursor().col(),
                    got.cursor().visible() ? "" : " hidden"));
        if (want.alternateScreen() != got.alternateScreen())
            problems.add("alternate screen: tmux " + want.alternateScreen() + ", ours " + got.alternateScreen());
        String wantTitle = want.title() == null ? "" : want.title();
        if (!wantTitle.equals(got.title()))
            problems.add("title: tmux '%s', ours '%s'".formatted(wantTitle, got.title()));
        compareModes(want, got, problems);
        for (int r = 0; r < want.rows(); r++) compareRow(r, want, got, problems);
        compareScrollback(want.scrollback(), got.scrollback(), problems);
        return problems;
    }

    /** {@code got} must hold one line more than tmux's history if it keeps more lines than tmux. */
    private static void compareScrollback(List<String> want, List<String> got, List<String> problems) {
        if (want.equals(got)) return;
        int first = 0;
        while (first < Math.min(want.size(), got.size()) && want.get(first).equals(got.get(first))) first++;
        problems.add("scrollback: tmux %d lines, ours %d; first difference at line %d:%n    tmux |%s|%n    ours |%s|"
                .formatted(want.size(), got.size(), first, first < want.size() ? want.get(first) : "(none)",
                        first < got.size() ? got.get(first) : "(none)"));
    }

    private static void compareModes(Expected want, ScreenSnapshot got, List<String> problems) {
        var m = got.modes();
        var w = want.modes();
        check(problems, "application cursor", w.get("application_cursor").asBoolean(), m.applicationCursor());
        check(problems, "application keypad", w.get("application_keypad").asBoolean(), m.applicationKeypad());
        check(problems, "mouse tracking", w.get("mouse_tracking").asString(), m.mouseTracking());
        check(problems, "mouse encoding", w.get("mouse_encoding").asString(), m.mouseEncoding());
        check(problems, "autowrap", w.get("autowrap").asBoolean(), m.autowrap());
        check(problems, "origin mode", w.get("origin_mode").asBoolean(), m.originMode());
        check(problems, "insert mode", w.get("insert_mode").asBoolean(), m.insertMode());
    }

    private static void check(List<String> problems, String what, Object want, Object got) {
        if (!want.equals(got)) problems.add("%s: tmux %s, ours %s".formatted(what, want, got));
    }

    private static void compareRow(int r, Expected want, ScreenSnapshot got, List<String> problems) {
        List<ExpectedCell> wantCells = want.cells().get(r);
        List<Cell> gotCells = got.cells().get(r);
        List<String> cellDiffs = new ArrayList<>();
        int differing = 0;
        for (int c = 0; c < want.cols(); c++) {
            Cell ours = gotCells.get(c);
            String diff;
            if (c < wantCells.size()) {
                ExpectedCell theirs = wantCells.get(c);
                boolean same = theirs.ch().equals(ours.ch()) && theirs.style().equals(ours.style());
                diff = same ? null : "col %d: tmux '%s' %s, ours '%s' %s".formatted(c, printable(theirs.ch()),
                        describe(theirs.style()), printable(ours.ch()), describe(ours.style()));
            } else {
                diff = ours.ch().equals(" ") ? null
                        : "col %d: tmux blank, ours '%s'".formatted(c, printable(ours.ch()));
            }
            if (diff != null && differing++ < CELL_DIFFS_PER_ROW) cellDiffs.add(diff);
        }
        String wantLine = want.lines().get(r);
        String gotLine = got.lines().get(r);
        if (differing == 0 && wantLine.equals(gotLine)) return;
        StringBuilder sb = new StringBuilder("row %d:\n    tmux |%s|\n    ours |%s|".formatted(r, wantLine, gotLine));
        cellDiffs.forEach(d -> sb.append("\n      ").append(d));
        if (differing > CELL_DIFFS_PER_ROW) sb.append("\n      … ").append(differing - CELL_DIFFS_PER_ROW)
                .append(" more cells differ");
        problems.add(sb.toString());
    }

    private static String printable(String ch) {
        StringBuilder sb = new StringBuilder();
        ch.codePoints().forEach(cp -> {
            if (cp < 0x20 || cp == 0x7f || Character.getType(cp) == Character.NON_SPACING_MARK
                    || Character.getType(cp) == Character.FORMAT) sb.append("\\u{%x}".formatted(cp));
            else sb.appendCodePoint(cp);
        });
        return sb.toString();
    }

    static String describe(Style s) {
        StringJoiner j = new StringJoiner(" ", "[", "]");
        if (!(s.fg() instanceof Color.Default)) j.add("fg=" + color(s.fg()));
        if (!(s.bg() instanceof Color.Default)) j.add("bg=" + color(s.bg()));
        if (s.bold()) j.add("bold");
        if (s.dim()) j.add("dim");
        if (s.italic()) j.add("italic");
        if (s.underline()) j.add("underline");
        if (s.inverse()) j.add("inverse");
        if (s.strike()) j.add("strike");
        return j.toString();
    }

    private static String color(Color c) {
        return switch (c) {
            case Color.Default d -> "default";
            case Color.Ansi16(int i) -> "ansi16:" + i;
            case Color.Ansi256(int i) -> "ansi256:" + i;
            case Color.Rgb(int r, int g, int b) -> "rgb:%d,%d,%d".formatted(r, g, b);
        };
    }
}
