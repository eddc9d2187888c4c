package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Color;
import org.junit.jupiter.api.Test;

class EraseTest {

    private static Vt fourRows() {
        return Vt.of(4, 10).write("aaaa\r\nbbbb\r\ncccc\r\ndddd\\e[2;3H");
    }

    @Test
    void eraseInDisplay() {
        assertThat(fourRows().write("\\e[J").lines()).containsExactly("aaaa", "bb", "", "");
        assertThat(fourRows().write("\\e[1J").lines()).containsExactly("", "   b", "cccc", "dddd");
        assertThat(fourRows().write("\\e[2J").lines()).containsExactly("", "", "", "");
    }

    @Test
    void eraseDisplayKeepsTheCursor() {
        assertThat(fourRows().write("\\e[2J").cursor().row()).isEqualTo(1);
        assertThat(fourRows().write("\\e[2J").cursor().col()).isEqualTo(2);
    }

    @Test
    void clearingTheWholeNormalScreenMovesItIntoTheScrollback() {
        var vt = fourRows().write("\\e[2J");
        assertThat(vt.scrollback()).containsExactly("aaaa", "bbbb", "cccc", "dddd");
        var home = Vt.of(4, 10).write("aaaa\r\nbbbb\\e[H\\e[J");
        assertThat(home.scrollback()).containsExactly("aaaa", "bbbb");
    }

    @Test
    void ed3ClearsOnlyTheScrollback() {
        var vt = Vt.of(3, 10).numbered(5).write("\\e[3J");
        assertThat(vt.scrollback()).isEmpty();
        assertThat(vt.lines()).containsExactly("3", "4", "5");
    }

    @Test
    void eraseInLine() {
        var vt = Vt.of(3, 10).write("abcdefghij\r\nabcdefghij\r\nabcdefghij")
                .write("\\e[1;4H\\e[K\\e[2;4H\\e[1K\\e[3;4H\\e[2K");
        assertThat(vt.lines()).containsExactly("abc", "    efghij", "");
    }

    @Test
    void eraseUsesTheCurrentBackground() {
        var vt = Vt.of(2, 5).write("abc\\e[44m\\e[1;2H\\e[K");
        assertThat(vt.cell(0, 3).style().bg()).isEqualTo(new Color.Ansi16(4));
        assertThat(vt.cell(0, 3).style().fg()).isEqualTo(Color.DEFAULT);
        assertThat(vt.cell(0, 0).style().bg()).isEqualTo(Color.DEFAULT);
        assertThat(vt.line(0)).isEqualTo("a");
    }

    @Test
    void insertDeleteAndEraseCharacters() {
        var vt = Vt.of(1, 10).write("abcdefghij\r\\e[3C\\e[2@\\e[5G\\e[P\\e[8G\\e[2X");
        assertThat(vt.line(0)).isEqualTo("abc def");
        assertThat(Vt.of(1, 10).write("abcdef\\e[2G\\e[99P").line(0)).isEqualTo("a");
        assertThat(Vt.of(1, 10).write("abcdef\\e[2G\\e[99@").line(0)).isEqualTo("a");
    }

    @Test
    void insertAndDeleteLinesInsideTheScreen() {
        var vt = Vt.of(5, 10).numbered(5).write("\\e[2;1H\\e[L\\e[4;1H\\e[2M");
        assertThat(vt.lines()).containsExactly("1", "", "2", "", "");
    }

    @Test
    void insertAndDeleteLinesOutsideTheRegionDoNothing() {
        // xterm (and VT510: "IL/DL has no effect outside the scrolling margins"); tmux shifted to the screen bottom
        var vt = Vt.of(6, 10).numbered(6).write("\\e[2;3r\\e[5;1H\\e[L\\e[1;1H\\e[M\\e[6;1H\\e[2M");
        assertThat(vt.lines()).containsExactly("1", "2", "3", "4", "5", "6");
    }

    @Test
    void wideCharactersCutInHalfBecomeBlanks() {
        assertThat(Vt.of(1, 10).write("ab中cd\\e[4Gx").line(0)).isEqualTo("ab xcd");
        assertThat(Vt.of(1, 10).write("ab中cd\\e[4G\\e[X").line(0)).isEqualTo("ab  cd");
        assertThat(Vt.of(1, 10).write("ab中cd\\e[3Gx").line(0)).isEqualTo("abx cd");
        var pushedOff = Vt.of(1, 10).write("abcdefgh中\\e[2G\\e[@");
        assertThat(pushedOff.line(0)).isEqualTo("a bcdefgh");
        assertThat(pushedOff.cell(0, 9).width()).isEqualTo(1);
        // Found by the fuzzer: inserting at the right half used to shift an orphaned continuation cell.
        var insertedInside = Vt.of(1, 10).write("ab中cd\r\\e[3C\\e[@");
        assertThat(insertedInside.line(0)).isEqualTo("ab   cd");
        for (int col = 0; col < 10; col++) {
            assertThat(insertedInside.cell(0, col).width()).as("column %d", col).isEqualTo(1);
        }
    }

    @Test
    void repeatsTheLastPrintedCharacter() {
        var vt = Vt.of(3, 10).write("ab\\e[3b\r\n\\e[1mX\\e[2b\r\n\\e[5b");
        assertThat(vt.lines()).containsExactly("abbbb", "XXX", "");
    }

    @Test
    void repeatWrapsAtTheRightEdgeLikePrinting() {
        assertThat(Vt.of(3, 5).write("a\\e[7b").lines()).containsExactly("aaaaa", "aaa", "");
        assertThat(Vt.of(2, 5).write("\\e[?7la\\e[7b").lines()).containsExactly("aaaaa", "");
    }
}
