package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Cursor;
import org.junit.jupiter.api.Test;

/** DECLRMM / DECSLRM and what the left and right margins bound (xterm cursor.c and util.c). */
class LeftRightMarginTest {

    /** {@link Vt#lettered()} with margins at columns 3..6 (1-based). */
    private static Vt lettered() {
        return Vt.lettered().write("\\e[?69h\\e[3;6s");
    }

    @Test
    void decslrmIsScoscUnlessDeclrmmIsSet() {
        var vt = Vt.of(3, 8).write("\\e[2;3H\\e[s\\e[H\\e[u");
        assertThat(vt.cursor()).isEqualTo(new Cursor(1, 2, true));
        assertThat(lettered().cursor()).as("DECSLRM homes the cursor").isEqualTo(new Cursor(0, 0, true));
    }

    @Test
    void printingWrapsAtTheRightMarginToTheLeftMargin() {
        var vt = lettered().write("\\e[1;3H123456");
        assertThat(vt.lines()).containsExactly("ab1234gh", "ij56mnop", "qrstuvwx", "ABCDEFGH");
    }

    @Test
    void aLineFeedAtTheBottomScrollsOnlyBetweenTheMargins() {
        var vt = lettered().write("\\e[4;4H\n");
        assertThat(vt.lines()).containsExactly("abklmngh", "ijstuvop", "qrCDEFwx", "AB    GH");
        assertThat(Vt.of(2, 8).write("ab\r\ncd\\e[?69h\\e[3;6s\\e[2;1H\n").lines())
                .as("left of the margins: no scrolling").containsExactly("ab", "cd");
    }

    @Test
    void nelIndexesBeforeItReturnsSoFromRightOfTheMarginsItDoesNotScroll() {
        var vt = lettered().write("\\e[4;8H\\eE");
        assertThat(vt.lines()).containsExactly("abcdefgh", "ijklmnop", "qrstuvwx", "ABCDEFGH");
        assertThat(vt.cursor()).isEqualTo(new Cursor(3, 2, true));
    }

    @Test
    void carriageReturnGoesToTheLeftMarginOrToColumnZeroFromLeftOfIt() {
        assertThat(lettered().write("\\e[2;5H\r").cursor()).isEqualTo(new Cursor(1, 2, true));
        assertThat(lettered().write("\\e[2;2H\r").cursor()).isEqualTo(new Cursor(1, 0, true));
    }

    @Test
    void cufAndCubStopAtTheMarginsTheyStartInside() {
        assertThat(lettered().write("\\e[1;4H\\e[9C").cursor()).isEqualTo(new Cursor(0, 5, true));
        assertThat(lettered().write("\\e[1;4H\\e[9D").cursor()).isEqualTo(new Cursor(0, 2, true));
        assertThat(lettered().write("\\e[1;8H\\e[9D").cursor()).as("from right of the margin").isEqualTo(new Cursor(0, 2, true));
        assertThat(lettered().write("\\e[1;2H\\e[9D").cursor()).isEqualTo(new Cursor(0, 0, true));
    }

    @Test
    void ilAndDlShiftOnlyTheColumnsBetweenTheMargins() {
        assertThat(lettered().write("\\e[2;4H\\e[L").lines()).containsExactly("abcdefgh", "ij    op", "qrklmnwx", "ABstuvGH");
        assertThat(lettered().write("\\e[2;4H\\e[M").lines()).containsExactly("abcdefgh", "ijstuvop", "qrCDEFwx", "AB    GH");
        assertThat(lettered().write("\\e[2;2H\\e[M").lines()).as("outside the margins").containsExactly(
                "abcdefgh", "ijklmnop", "qrstuvwx", "ABCDEFGH");
    }

    @Test
    void ichAndDchShiftUpToTheRightMargin() {
        assertThat(lettered().write("\\e[1;4H\\e[@").line(0)).isEqualTo("abc degh");
        assertThat(lettered().write("\\e[1;4H\\e[P").line(0)).isEqualTo("abcef gh");
        assertThat(lettered().write("\\e[1;8H\\e[P").line(0)).as("outside the margins").isEqualTo("abcdefgh");
    }

    @Test
    void suAndSdScrollTheRectangle() {
        assertThat(lettered().write("\\e[S").lines()).containsExactly("abklmngh", "ijstuvop", "qrCDEFwx", "AB    GH");
        assertThat(lettered().write("\\e[T").lines()).containsExactly("ab    gh", "ijcdefop", "qrklmnwx", "ABstuvGH");
    }

    @Test
    void decbiAndDecfiScrollTheMarginsSidewaysAtTheirEdge() {
        assertThat(lettered().write("\\e[1;3H\\e6").lines()).containsExactly("ab cdegh", "ij klmop", "qr stuwx", "AB CDEGH");
        assertThat(lettered().write("\\e[1;6H\\e9").lines()).containsExactly("abdef gh", "ijlmn op", "qrtuv wx", "ABDEF GH");
        assertThat(lettered().write("\\e[1;4H\\e6").cursor()).isEqualTo(new Cursor(0, 2, true));
    }

    @Test
    void decicAndDecdcInsertAndDeleteColumnsInsideTheMargins() {
        assertThat(lettered().write("\\e[1;4H\\e[2'}").lines()).containsExactly("abc  dgh", "ijk  lop", "qrs  twx", "ABC  DGH");
        assertThat(lettered().write("\\e[1;4H\\e['~").lines()).containsExactly("abcef gh", "ijkmn op", "qrsuv wx", "ABCEF GH");
    }

    @Test
    void originModeCountsFromTheLeftMarginAndStaysInside() {
        var vt = lettered().write("\\e[?6h\\e[1;2H");
        assertThat(vt.cursor()).isEqualTo(new Cursor(0, 3, true));
        assertThat(vt.write("\\e[1;99H").cursor()).isEqualTo(new Cursor(0, 5, true));
    }

    @Test
    void resettingDeclrmmOrDecstrRestoresTheWholeWidth() {
        assertThat(lettered().write("\\e[?69l\\e[1;7H12").line(0)).isEqualTo("abcdef12");
        assertThat(lettered().write("\\e[!p\\e[1;7H12").line(0)).isEqualTo("abcdef12");
    }
}
