package dev.uictl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReflowTest {

    /** Rows of width {@code cols} as autowrap would leave them. */
    private static List<Line> wrapped(int cols, String... logicalLines) {
        var out = new ArrayList<Line>();
        for (String text : logicalLines) {
            int[] cps = text.codePoints().toArray();
            var line = new Line(cols, 0);
            out.add(line);
            int x = 0;
            for (int cp : cps) {
                if (x == cols) {
                    line.wrapped = true;
                    line = new Line(cols, 0);
                    out.add(line);
                    x = 0;
                }
                line.write(x++, Line.content(cp, 1), Attrs.ansi16(2), 0);
            }
        }
        return out;
    }

    private static List<String> texts(Reflow.Result result) {
        return result.lines().stream().map(Line::text).toList();
    }

    @Test
    void splitsAndMarksTheWraps() {
        var result = Reflow.reflow(wrapped(10, "0123456789ab", "x"), 4, 2, 1);
        assertThat(texts(result)).containsExactly("0123", "4567", "89ab", "x");
        assertThat(result.lines()).extracting(l -> l.wrapped).containsExactly(true, true, false, false);
        assertThat(result.cursorRow()).isEqualTo(3);
        assertThat(result.cursorCol()).isEqualTo(1);
    }

    @Test
    void joinsWrappedRows() {
        var result = Reflow.reflow(wrapped(4, "0123456789", "xy"), 20, 1, 1);
        assertThat(texts(result)).containsExactly("0123456789", "xy");
        assertThat(result.cursorRow()).isZero();
        assertThat(result.cursorCol()).isEqualTo(5);
    }

    @Test
    void keepsColoursAndCombiningMarks() {
        List<Line> rows = wrapped(6, "abcdef");
        rows.getFirst().combine(4, 0x301);
        var result = Reflow.reflow(rows, 3, 0, 0);
        assertThat(texts(result)).containsExactly("abc", "de\u0301f");
        Line second = result.lines().get(1);
        assertThat(second.text(second.content(1))).isEqualTo("e\u0301");
        assertThat(second.fg(2)).isEqualTo(Attrs.ansi16(2));
    }

    @Test
    void aCursorPastTheTextGoesToItsEnd() {
        var result = Reflow.reflow(wrapped(10, "abc"), 5, 0, 8);
        assertThat(result.cursorRow()).isZero();
        assertThat(result.cursorCol()).isEqualTo(3);
    }

    @Test
    void wideCharactersMoveWhole() {
        var line = new Line(6, 0);
        line.write(0, Line.content('a', 1), 0, 0);
        line.write(1, Line.content('中', 2), 0, 0);
        line.write(2, Line.CONTINUATION, 0, 0);
        line.write(3, Line.content('文', 2), 0, 0);
        line.write(4, Line.CONTINUATION, 0, 0);
        var result = Reflow.reflow(List.of(line), 4, 0, 0);
        assertThat(texts(result)).containsExactly("a中", "文");
        assertThat(Line.width(result.lines().get(1).content(0))).isEqualTo(2);
        assertThat(result.lines().get(1).content(1)).isEqualTo(Line.CONTINUATION);
        assertThat(Reflow.reflow(List.of(line), 1, 0, 0).lines()).extracting(Line::text).containsExactly("a");
    }
}
