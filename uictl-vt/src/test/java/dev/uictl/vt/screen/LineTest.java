package dev.uictl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The shortcuts of Line: clearing stops at the written extent, colours exist only once a row has some. */
class LineTest {

    private static final int RED = Attrs.ansi16(1);
    private static final int BLUE = Attrs.ansi16(4);

    /** Every cell as (text, width, fg, bg) plus the row state: equal dumps mean equal lines. */
    private static String dump(Line line) {
        var sb = new StringBuilder().append(line.cols()).append('|').append(line.used).append('|').append(line.wrapped);
        for (int c = 0; c < line.cols(); c++) {
            int content = line.content(c);
            sb.append('[').append(line.text(content)).append(',').append(Line.width(content)).append(',')
                    .append(line.fg(c)).append(',').append(line.bg(c)).append(']');
        }
        return sb.toString();
    }

    private static void ascii(Line line, int col, String text, int fg, int bg) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        line.writeAscii(col, bytes, 0, bytes.length, fg, bg);
    }

    private static Line written(int cols, String text, int fg, int bg) {
        var line = new Line(cols, 0);
        for (int c = 0; c < text.length(); c++) line.write(c, Line.content(text.charAt(c), 1), fg, bg);
        return line;
    }

    @Test
    void asciiWrittenInARunEqualsTheSameCellsWrittenOneByOne() {
        for (int[] pen : new int[][] {{0, 0}, {RED, 0}, {0, BLUE}, {RED, BLUE}}) {
            var run = new Line(10, 0);
            ascii(run, 0, "hi there", pen[0], pen[1]);
            assertThat(dump(run)).isEqualTo(dump(written(10, "hi there", pen[0], pen[1])));
        }
    }

    @Test
    void defaultColourTextReplacesTheColoursOfWhatItOverwrites() {
        var line = new Line(8, 0);
        line.clear(0, 4, BLUE);                 // a coloured erase of part of the row
        ascii(line, 0, "ab", 0, 0);
        assertThat(line.bg(0)).isZero();
        assertThat(line.bg(2)).isEqualTo(BLUE);

        var coloured = new Line(8, BLUE);       // a row cleared in a colour
        ascii(coloured, 2, "xy", 0, 0);
        assertThat(coloured.bg(1)).isEqualTo(BLUE);
        assertThat(coloured.bg(2)).isZero();

        var overwritten = written(8, "abcd", RED, BLUE);
        ascii(overwritten, 1, "z", 0, 0);
        var expected = written(8, "abcd", RED, BLUE);
        expected.write(1, Line.content('z', 1), 0, 0);
        assertThat(dump(overwritten)).isEqualTo(dump(expected));
    }

    @Test
    void aDefaultClearMakesARowPlainAgain() {
        var line = written(8, "abcdef", RED, BLUE);
        line.clear(0, 8, 0);
        assertThat(dump(line)).isEqualTo(dump(new Line(8, 0)));
        ascii(line, 0, "ok", 0, 0);
        assertThat(dump(line)).isEqualTo(dump(written(8, "ok", 0, 0)));
    }

    @Test
    void clearingAfterAShortWriteLeavesDefaultBlanksEverywhere() {
        var line = new Line(12, 0);
        ascii(line, 0, "abc", RED, BLUE);
        line.set(9, Line.content('z', 1), RED, 0);
        line.clear(0, 12, 0);
        assertThat(dump(line)).isEqualTo(dump(new Line(12, 0)));
    }

    @Test
    void aColouredPartialClearIsReachedByTheNextFullClear() {
        var line = new Line(8, 0);
        line.clear(2, 6, BLUE);
        line.clear(6, 8, 0);                    // clears past the extent: must not forget columns 2-5
        assertThat(line.bg(5)).isEqualTo(BLUE);
        line.clear(0, 8, 0);
        assertThat(dump(line)).isEqualTo(dump(new Line(8, 0)));
    }

    @Test
    void insertedCellsShiftContentPastTheWrittenExtentAndAClearStillReachesIt() {
        var line = new Line(8, 0);
        ascii(line, 0, "abcd", RED, 0);
        line.insertCells(0, 3, 0, 8);
        assertThat(line.text()).isEqualTo("   abcd");
        assertThat(line.fg(6)).isEqualTo(RED);
        line.clear(0, 8, 0);
        assertThat(dump(line)).isEqualTo(dump(new Line(8, 0)));
    }

    @Test
    void aResizedRowKeepsItsExtent() {
        var line = new Line(6, 0);
        ascii(line, 0, "abcdef", RED, BLUE);
        line.resize(3, 0);
        line.resize(9, 0);
        assertThat(line.text()).isEqualTo("abc");
        line.clear(0, 9, 0);
        assertThat(dump(line)).isEqualTo(dump(new Line(9, 0)));
    }

    @Test
    void deletedAndInsertedCellsMoveTheirColoursWithThem() {
        var line = new Line(8, 0);
        ascii(line, 0, "ab", 0, 0);
        ascii(line, 2, "cd", RED, BLUE);
        line.deleteCells(0, 2, 0, 8);
        assertThat(line.text()).isEqualTo("cd");
        assertThat(new int[] {line.fg(0), line.bg(1), line.fg(2), line.bg(2)}).containsExactly(RED, BLUE, 0, 0);
        line.insertCells(0, 1, 0, 8);
        assertThat(line.text()).isEqualTo(" cd");
        assertThat(line.fg(0)).isZero();
        assertThat(line.fg(1)).isEqualTo(RED);
        assertThat(line.bg(2)).isEqualTo(BLUE);
    }
}
