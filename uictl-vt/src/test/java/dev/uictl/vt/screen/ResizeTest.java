package dev.uictl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Cursor;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Resize behaviour checked against tmux 3.3a (resize-window on a detached session). */
class ResizeTest {

    private static Terminal term(int rows, int cols, String text) {
        var t = new Terminal(rows, cols);
        write(t, text);
        return t;
    }

    private static void write(Terminal t, String text) {
        t.write(text.replace("\\e", "\033").getBytes(StandardCharsets.UTF_8));
    }

    private static ScreenSnapshot snap(Terminal t) {
        return t.snapshot(true, 100);
    }

    private static String numbers(int n) {
        var sb = new StringBuilder();
        for (int i = 1; i <= n; i++) sb.append(i).append(i < n ? "\r\n" : "");
        return sb.toString();
    }

    @Test
    void shrinkingRowsWithTheCursorAtTheBottomPushesRowsIntoTheScrollback() {
        var t = term(6, 10, numbers(10));
        t.resize(4, 10);
        var s = snap(t);
        assertThat(s.lines()).containsExactly("7", "8", "9", "10");
        assertThat(s.scrollback()).endsWith("5", "6");
        assertThat(s.cursor()).isEqualTo(new Cursor(3, 2, true));
    }

    @Test
    void shrinkingRowsDropsEmptyRowsBelowTheCursorFirst() {
        var t = term(6, 10, "a\r\nb\\e[H");
        t.resize(3, 10);
        assertThat(snap(t).lines()).containsExactly("a", "b", "");
        assertThat(snap(t).scrollback()).isEmpty();
        assertThat(snap(t).cursor()).isEqualTo(new Cursor(0, 0, true));
    }

    @Test
    void growingRowsPullsBackRowsThatScrolledAway() {
        var t = term(5, 10, numbers(10));
        t.resize(8, 10);
        var s = snap(t);
        assertThat(s.lines()).containsExactly("3", "4", "5", "6", "7", "8", "9", "10");
        assertThat(s.cursor()).isEqualTo(new Cursor(7, 2, true));
    }

    @Test
    void growingRowsAddsBlankRowsWhenThereIsNoHistory() {
        var t = term(3, 10, "ab");
        t.resize(6, 10);
        assertThat(snap(t).lines()).containsExactly("ab", "", "", "", "", "");
    }

    @Test
    void narrowingReflowsLongLinesIntoTheScrollback() {
        var t = term(3, 10, "0123456789\r\nab");
        t.resize(3, 5);
        var s = snap(t);
        assertThat(s.lines()).containsExactly("56789", "ab", "");
        assertThat(s.scrollback()).containsExactly("01234");
        assertThat(s.cursor()).isEqualTo(new Cursor(1, 2, true));
    }

    @Test
    void wideningJoinsWrappedLines() {
        var t = term(4, 4, "abcdefghij\r\nxy");
        t.resize(4, 12);
        var s = snap(t);
        assertThat(s.lines()).containsExactly("abcdefghij", "xy", "", "");
        assertThat(s.cursor()).isEqualTo(new Cursor(1, 2, true));
    }

    @Test
    void theCursorKeepsItsPlaceInTheLogicalLine() {
        var t = term(4, 10, "0123456789abcdef\\e[2;3H");
        t.resize(4, 5);
        write(t, "X");
        assertThat(snap(t).lines()).containsExactly("abXde", "f", "", "");
    }

    @Test
    void aCursorRowPushedIntoTheScrollbackPutsTheCursorHome() {
        var t = term(4, 10, "0123456789abcdef\\e[1;3H");
        t.resize(4, 5);
        var s = snap(t);
        assertThat(s.lines()).containsExactly("abcde", "f", "", "");
        assertThat(s.scrollback()).containsExactly("01234", "56789");
        assertThat(s.cursor()).isEqualTo(new Cursor(0, 0, true));   // its row went into the scrollback (tmux)
        t.resize(4, 8);
        assertThat(snap(t).lines()).containsExactly("01234567", "89abcdef", "", "");
    }

    @Test
    void aWideCharacterThatNoLongerFitsMovesToTheNextRow() {
        var t = term(3, 6, "ab中文字x");
        t.resize(3, 5);
        var s = snap(t);
        assertThat(s.lines()).containsExactly("ab中", "文字x", "");
        assertThat(s.cursor()).isEqualTo(new Cursor(1, 4, true));
    }

    @Test
    void theAlternateScreenIsCutNotReflowedAndTheNormalScreenFollowsOnLeaving() {
        var t = term(4, 10, "0123456789ab\\e[?1049halt");
        t.resize(4, 5);
        assertThat(snap(t).lines()).containsExactly("", "  alt", "", "");
        write(t, "\\e[?1049lZ");
        var s = snap(t);
        assertThat(s.alternateScreen()).isFalse();
        assertThat(s.lines()).containsExactly("56789", "abZ", "", "");
        assertThat(s.scrollback()).containsExactly("01234");
    }

    @Test
    void resizingResetsTheScrollRegionAndTabStops() {
        var t = term(6, 10, "\\e[2;3r\\e[3g");
        t.resize(5, 30);
        write(t, "\\e[5;1H\nX\r\tY");
        var s = snap(t);
        assertThat(s.lines().get(4)).isEqualTo("X       Y");
        assertThat(s.scrollback()).containsExactly("");
    }

    @Test
    void theCursorNeverLeavesTheScreen() {
        var t = term(10, 20, "\\e[10;20H");
        t.resize(3, 4);
        var cursor = snap(t).cursor();
        assertThat(cursor.row()).isBetween(0, 2);
        assertThat(cursor.col()).isBetween(0, 3);
        t.resize(1, 1);
        write(t, "中é\\e[5;5H\\e[Lx");
        var s = snap(t);
        assertThat(s.cursor()).isEqualTo(new Cursor(0, 0, true));
        assertThat(s.cells()).hasSize(1);
        assertThat(s.cells().getFirst()).hasSize(1);
    }

    @Test
    void rejectsSizesBelowOneByOne() {
        var t = new Terminal(2, 2);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> t.resize(0, 5)).isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Terminal(5, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
