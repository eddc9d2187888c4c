package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Cursor;
import org.junit.jupiter.api.Test;

class WrapTest {

    @Test
    void wrapIsDeferredUntilTheNextCharacter() {
        var vt = Vt.of(3, 10).write("0123456789");
        assertThat(vt.cursor()).isEqualTo(new Cursor(0, 9, true));
        assertThat(vt.lines()).containsExactly("0123456789", "", "");
        vt.write("a");
        assertThat(vt.lines()).containsExactly("0123456789", "a", "");
        assertThat(vt.cursor()).isEqualTo(new Cursor(1, 1, true));
    }

    @Test
    void carriageReturnCancelsThePendingWrap() {
        assertThat(Vt.of(3, 10).write("0123456789\rX").lines()).containsExactly("X123456789", "", "");
    }

    @Test
    void lineFeedEndsThePendingWrapLikeXterm() {
        // xterm: IND resets the deferred wrap, the next character goes on the last column of the next row (tmux
        // would wrap once more)
        assertThat(Vt.of(4, 10).write("0123456789\na").lines()).containsExactly("0123456789", "         a", "", "");
    }

    @Test
    void withoutAutowrapTheLastColumnIsOverwritten() {
        var vt = Vt.of(3, 10).write("\\e[?7l0123456789abcdef");
        assertThat(vt.lines()).containsExactly("012345678f", "", "");
        assertThat(vt.cursor()).isEqualTo(new Cursor(0, 9, true));
    }

    @Test
    void aWideCharacterThatDoesNotFitWrapsAndLeavesTheLastColumnBlank() {
        var vt = Vt.of(3, 10).write("123456789中");
        assertThat(vt.lines()).containsExactly("123456789", "中", "");
        assertThat(vt.cell(1, 0).width()).isEqualTo(2);
        assertThat(vt.cell(1, 1).width()).isZero();
    }

    @Test
    void withoutAutowrapAWideCharacterThatDoesNotFitIsDropped() {
        assertThat(Vt.of(3, 10).write("\\e[?7l123456789中Z").line(0)).isEqualTo("123456789Z");
    }

    @Test
    void wrappingAtTheBottomScrolls() {
        var vt = Vt.of(2, 5).write("abcdefghijkl");
        assertThat(vt.lines()).containsExactly("fghij", "kl");
        assertThat(vt.scrollback()).containsExactly("abcde");
    }

    @Test
    void combiningMarksAttachToThePreviousCell() {
        var vt = Vt.of(2, 10).write("e\u0301x中\u0301");
        assertThat(vt.line(0)).isEqualTo("e\u0301x中\u0301");
        assertThat(vt.cell(0, 0).ch()).isEqualTo("e\u0301");
        assertThat(vt.cell(0, 2).ch()).isEqualTo("中\u0301");
        assertThat(vt.cursor().col()).isEqualTo(4);
    }

    @Test
    void aCombiningMarkAtColumnZeroIsDropped() {
        assertThat(Vt.of(2, 10).write("\u0301x").line(0)).isEqualTo("x");
    }

    @Test
    void aCombiningMarkAfterThePendingWrapAttachesToTheLastColumn() {
        var vt = Vt.of(2, 10).write("0123456789\u0301");
        assertThat(vt.cell(0, 9).ch()).isEqualTo("9\u0301");
        assertThat(vt.line(1)).isEmpty();
    }

    @Test
    void manyCombiningMarksOnOneCellStayBounded() {
        var vt = Vt.of(1, 4).write("a");
        for (int i = 0; i < 500; i++) vt.write("\\e[1;2Hb\u0301");
        assertThat(vt.line(0)).isEqualTo("ab\u0301");
    }

    @Test
    void nonPrintableCharactersAreDroppedLikeTmuxDoes() {
        var vt = Vt.of(1, 10).write("a\u0378b\u0085c\u2028d");
        assertThat(vt.line(0)).isEqualTo("abcd");
        assertThat(vt.cursor().col()).isEqualTo(4);
    }

    @Test
    void invalidUtf8IsShownAsReplacementCharacters() {
        var vt = Vt.of(1, 10);
        vt.terminal.write(new byte[]{'a', (byte) 0xFF, 'b'});
        assertThat(vt.line(0)).isEqualTo("a\uFFFDb");
    }
}
