package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** VT400 rectangle operations (DECFRA, DECERA, DECCRA, DECSERA) and selective erase of unprotected cells. */
class RectangleTest {

    @Test
    void decfraFillsTheRectangleAndDeceraBlanksIt() {
        assertThat(Vt.lettered().write("\\e[42;2;3;3;5$x").lines()).containsExactly("abcdefgh", "ij***nop", "qr***vwx", "ABCDEFGH");
        assertThat(Vt.lettered().write("\\e[2;3;3;5$z").lines()).containsExactly("abcdefgh", "ij   nop", "qr   vwx", "ABCDEFGH");
        assertThat(Vt.lettered().write("\\e[3;7$z").lines()).as("defaults reach the screen's edges")
                .containsExactly("abcdefgh", "ijklmnop", "qrstuv", "ABCDEF");
    }

    @Test
    void deccraCopiesAsThroughABufferAndClipsAtTheScreenEdge() {
        assertThat(Vt.lettered().write("\\e[1;1;2;3;1;2;2;1$v").lines()).containsExactly("abcdefgh", "iabcmnop", "qijkuvwx", "ABCDEFGH");
        assertThat(Vt.lettered().write("\\e[1;1;1;3;1;4;7;1$v").line(3)).isEqualTo("ABCDEFab");
    }

    @Test
    void rectanglesCountFromTheMarginsInOriginMode() {
        var vt = Vt.lettered().write("\\e[2;3r\\e[?69h\\e[3;6s\\e[?6h\\e[1;1;1;2$z");
        assertThat(vt.lines()).containsExactly("abcdefgh", "ij  mnop", "qrstuvwx", "ABCDEFGH");
    }

    @Test
    void selectiveEraseSparesTheCellsDecscaProtected() {
        var vt = Vt.of(2, 8).write("ab\\e[1\"qcd\\e[0\"qef\r\ngh\\e[1\"qij\\e[2\"qkl");
        assertThat(Vt.of(2, 8).write("ab\\e[1\"qcd\\e[0\"qef\\e[?2J").lines()).containsExactly("  cd", "");
        assertThat(vt.write("\\e[1;1;2;8${").lines()).containsExactly("  cd", "  ij");
        assertThat(vt.write("\\e[2J").lines()).as("ED erases protected cells too").containsExactly("", "");
    }

    @Test
    void afterSpaEdElAndEchSpareProtectedCellsAndDecseraDoesNot() {
        assertThat(Vt.of(1, 8).write("a\\eVbc\\eWd\\e[2K").line(0)).isEqualTo(" bc");
        assertThat(Vt.of(1, 8).write("a\\eVbc\\eWd\\e[H\\e[4X").line(0)).isEqualTo(" bc");
        assertThat(Vt.of(2, 8).write("a\\eVbc\\eWd\\e[2J").line(0)).isEqualTo(" bc");
        assertThat(Vt.of(1, 8).write("a\\eVbc\\eWd\\e[${").line(0)).isEmpty();
        assertThat(Vt.of(1, 8).write("a\\e[1\"qbc\\e[0\"qd\\e[2K").line(0)).as("DECSCA: ED and EL erase all").isEmpty();
    }

    @Test
    void decscRestoresTheProtection() {
        var vt = Vt.of(1, 8).write("\\e[1\"q\\e7\\e[0\"q\\e8ab\\e[?2K");
        assertThat(vt.line(0)).isEqualTo("ab");
    }

    @Test
    void decselErasesUnprotectedCellsOnTheCursorRow() {
        var vt = Vt.of(1, 8).write("a\\e[1\"qb\\e[0\"qcdef\\e[1;4H\\e[?1K");
        assertThat(vt.line(0)).isEqualTo(" b  ef");
        assertThat(vt.write("\\e[?K").line(0)).isEqualTo(" b");
    }
}
