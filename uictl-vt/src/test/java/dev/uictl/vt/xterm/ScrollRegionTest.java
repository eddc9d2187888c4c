package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Cursor;
import org.junit.jupiter.api.Test;

class ScrollRegionTest {

    @Test
    void lineFeedAtTheBottomMarginScrollsOnlyTheRegion() {
        var vt = Vt.of(5, 10).numbered(5).write("\\e[2;4r\\e[4;1H\nX");
        assertThat(vt.lines()).containsExactly("1", "3", "4", "X", "5");
    }

    @Test
    void reverseIndexAtTheTopMarginScrollsTheRegionDown() {
        var vt = Vt.of(5, 10).numbered(5).write("\\e[2;4r\\e[2;1H\\eMY");
        assertThat(vt.lines()).containsExactly("1", "Y", "2", "3", "5");
    }

    @Test
    void reverseIndexAtTheScreenTopScrollsTheWholeScreen() {
        assertThat(Vt.of(3, 10).write("a\r\nb\r\nc\\e[H\\eMz").lines()).containsExactly("z", "a", "b");
    }

    @Test
    void settingTheRegionHomesTheCursor() {
        assertThat(Vt.of(5, 10).write("\\e[3;3H\\e[2;4r").cursor()).isEqualTo(new Cursor(0, 0, true));
    }

    @Test
    void settingTheRegionInOriginModeHomesToTheRegionTop() {
        // vttest's origin mode screen: DECOM, then DECSTBM 23;24 puts the cursor on row 23 (1-based)
        var vt = Vt.of(24, 10).write("\\e[?6h\\e[23;24r\nBottom\\e[1;1HAbove");
        assertThat(vt.line(22)).isEqualTo("Above");
        assertThat(vt.line(23)).isEqualTo("Bottom");
    }

    @Test
    void anInvalidRegionIsIgnored() {
        var vt = Vt.of(4, 10).write("a\r\nb\r\nc\r\nd\\e[3;2r\r\n\r\nX");
        assertThat(vt.lines()).containsExactly("c", "d", "", "X");
    }

    @Test
    void scrollUpAndDownMoveTheRegionContent() {
        var vt = Vt.of(5, 10).numbered(5).write("\\e[2;4r\\e[S\\e[2T");
        assertThat(vt.lines()).containsExactly("1", "", "", "3", "5");
    }

    @Test
    void lineFeedBelowTheRegionStopsAtTheLastRow() {
        var vt = Vt.of(6, 10).write("\\e[2;3r\\e[6;1Ha\nb\nc");
        assertThat(vt.lines()).containsExactly("", "", "", "", "", "abc");
    }

    @Test
    void originModeAddressesRelativeToTheRegion() {
        var vt = Vt.of(6, 10).write("\\e[2;4r\\e[?6h\\e[HA\\e[5;1HB\\e[?6lC");
        assertThat(vt.lines()).containsExactly("C", "A", "", "B", "", "");
    }

    @Test
    void normalScreenRegionScrollsFeedTheScrollbackLikeTmux() {
        var vt = Vt.of(5, 10).numbered(5).write("\\e[2;4r\\e[4;1H\n");
        assertThat(vt.scrollback()).containsExactly("2");
    }

    @Test
    void fullScreenScrollFeedsTheScrollback() {
        var vt = Vt.of(3, 10).numbered(5);
        assertThat(vt.scrollback()).containsExactly("1", "2");
        assertThat(vt.lines()).containsExactly("3", "4", "5");
    }

    @Test
    void alignmentTestFillsTheScreenAndResetsTheRegion() {
        var vt = Vt.of(3, 5).write("\\e[2;3r\\e#8\\e[2;2HX");
        assertThat(vt.lines()).containsExactly("EEEEE", "EXEEE", "EEEEE");
        vt.write("\\e[3;1H\n");
        assertThat(vt.lines()).containsExactly("EXEEE", "EEEEE", "");
    }
}
