package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Cursor;
import org.junit.jupiter.api.Test;

class CursorTest {

    @Test
    void cupIsOneBasedAndDefaultsToHome() {
        assertThat(Vt.of(5, 10).write("\\e[3;4H").cursor()).isEqualTo(new Cursor(2, 3, true));
        assertThat(Vt.of(5, 10).write("abc\\e[H").cursor()).isEqualTo(new Cursor(0, 0, true));
        assertThat(Vt.of(5, 10).write("\\e[;5H").cursor()).isEqualTo(new Cursor(0, 4, true));
        assertThat(Vt.of(5, 10).write("\\e[2;3f").cursor()).isEqualTo(new Cursor(1, 2, true));
    }

    @Test
    void cupClampsToTheScreen() {
        var vt = Vt.of(3, 10).write("\\e[99;99HX\\e[0;0HY");
        assertThat(vt.lines()).containsExactly("Y", "", "         X");
        assertThat(vt.cursor()).isEqualTo(new Cursor(0, 1, true));
    }

    @Test
    void relativeMovesStopAtTheEdges() {
        var vt = Vt.of(5, 10).write("\\e[3;3H\\e[A").write("\\e[10A");
        assertThat(vt.cursor()).isEqualTo(new Cursor(0, 2, true));
        vt.write("\\e[2B\\e[3C");
        assertThat(vt.cursor()).isEqualTo(new Cursor(2, 5, true));
        vt.write("\\e[99C");
        assertThat(vt.cursor()).isEqualTo(new Cursor(2, 9, true));
        vt.write("\\e[99D\\e[99B");
        assertThat(vt.cursor()).isEqualTo(new Cursor(4, 0, true));
        vt.write("\\e[0A");   // 0 means 1
        assertThat(vt.cursor()).isEqualTo(new Cursor(3, 0, true));
    }

    @Test
    void columnAndRowAbsolute() {
        var vt = Vt.of(4, 10).write("\\e[3dX\\e[5`Y\\e[2GZ");
        assertThat(vt.lines()).containsExactly("", "", "XZ  Y", "");
        assertThat(vt.cursor()).isEqualTo(new Cursor(2, 2, true));
    }

    @Test
    void nextAndPreviousLine() {
        var vt = Vt.of(5, 10).write("\\e[3;5H\\e[EA\\e[2FB");
        assertThat(vt.lines()).containsExactly("", "B", "", "A", "");
    }

    @Test
    void cursorUpAndDownStopAtTheScrollRegionMargins() {
        var vt = Vt.of(6, 10).write("\\e[3;5r\\e[4;1H\\e[5AX\\e[6;3H\\e[5AY\\e[2;5H\\e[9AZ");
        assertThat(vt.lines()).containsExactly("    Z", "", "X Y", "", "", "");
    }

    @Test
    void decscAndDecrcRestorePositionAndPen() {
        var vt = Vt.of(4, 10).write("\\e[2;3H\\e[1m\\e7\\e[0m\\e[H\\e8X");
        assertThat(vt.line(1)).isEqualTo("  X");
        assertThat(vt.cell(1, 2).style().bold()).isTrue();
    }

    @Test
    void scoscAndScorcRestorePosition() {
        var vt = Vt.of(4, 10).write("\\e[3;5H\\e[s\\e[H\\e[uY");
        assertThat(vt.line(2)).isEqualTo("    Y");
    }

    @Test
    void restoreWithoutSaveGoesHome() {
        assertThat(Vt.of(4, 10).write("\\e[3;3H\\e8").cursor()).isEqualTo(new Cursor(0, 0, true));
    }

    @Test
    void backspaceStopsAtColumnZeroUnlessReverseWraparoundTakesItOverASoftWrap() {
        assertThat(Vt.of(3, 10).write("\\e[2;1H\b\b").cursor()).isEqualTo(new Cursor(1, 0, true));
        assertThat(Vt.of(4, 10).write("0123456789ab\b\b\bX").lines()).containsExactly("0123456789", "Xb", "", "");
        var vt = Vt.of(4, 10).write("\\e[?45h0123456789ab\b\b\bX");
        assertThat(vt.lines()).containsExactly("012345678X", "ab", "", "");
        assertThat(Vt.of(3, 10).write("\\e[?45h\\e[2;1H\b\b").cursor()).isEqualTo(new Cursor(1, 0, true));
    }

    @Test
    void movesAfterTheLastColumnStartFromIt() {
        // xterm CursorBack: from the deferred wrap one left of the last column, as backspace (tmux: the last column)
        assertThat(Vt.of(4, 10).write("0123456789\\e[Da").line(0)).isEqualTo("01234567a9");
        assertThat(Vt.of(4, 10).write("0123456789\\e[Ba").line(1)).isEqualTo("         a");
    }

    @Test
    void backspaceFromTheDeferredWrapLandsLeftOfTheLastColumn() {
        // xterm: the cursor shows on column 79 of 80 but BS takes it to 78 (vttest's autowrap screen relies on it)
        var vt = Vt.of(2, 80).write("x".repeat(80) + "\b");
        assertThat(vt.cursor()).isEqualTo(new Cursor(0, 78, true));
        assertThat(Vt.of(4, 10).write("0123456789\bX").line(0)).isEqualTo("01234567X9");
    }

    @Test
    void hprAndVprMoveRelativelyLikeCufAndCud() {
        var vt = Vt.of(5, 10).write("\\e[2;3H\\e[4a");
        assertThat(vt.cursor()).isEqualTo(new Cursor(1, 6, true));
        vt.write("\\e[2e");
        assertThat(vt.cursor()).isEqualTo(new Cursor(3, 6, true));
        vt.write("\\e[99a\\e[99e\\e[a\\e[e");
        assertThat(vt.cursor()).isEqualTo(new Cursor(4, 9, true));
    }

    @Test
    void hpbAndVpbMoveBackLikeCubAndCuu() {
        var vt = Vt.of(5, 10).write("\\e[4;7H\\e[2j");
        assertThat(vt.cursor()).isEqualTo(new Cursor(3, 4, true));
        vt.write("\\e[2k");
        assertThat(vt.cursor()).isEqualTo(new Cursor(1, 4, true));
    }

    @Test
    void vpaInOriginModeCountsFromTheRegionTop() {
        var vt = Vt.of(10, 10).write("\\e[3;7r\\e[?6h\\e[2dX\\e[9dY");
        assertThat(vt.line(3)).isEqualTo("X");
        assertThat(vt.line(6)).isEqualTo(" Y");
    }

    @Test
    void mode1048SavesAndRestoresTheCursor() {
        var vt = Vt.of(4, 10).write("\\e[2;3H\\e[1m\\e[?1048h\\e[0m\\e[H\\e[?1048lX");
        assertThat(vt.line(1)).isEqualTo("  X");
        assertThat(vt.cell(1, 2).style().bold()).isTrue();
    }
}
