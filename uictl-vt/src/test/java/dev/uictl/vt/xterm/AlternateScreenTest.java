package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Cursor;
import org.junit.jupiter.api.Test;

class AlternateScreenTest {

    @Test
    void mode1049SavesTheCursorAndRestoresTheNormalScreen() {
        var vt = Vt.of(4, 10).write("main\r\nxx\\e[?1049h");
        assertThat(vt.snapshot().alternateScreen()).isTrue();
        assertThat(vt.lines()).containsExactly("", "", "", "");
        assertThat(vt.cursor()).isEqualTo(new Cursor(1, 2, true));
        vt.write("\\e[Halt\\e[?1049l!");
        assertThat(vt.snapshot().alternateScreen()).isFalse();
        assertThat(vt.lines()).containsExactly("main", "xx!", "", "");
    }

    @Test
    void modes47And1047KeepTheCursorWhereTheAlternateScreenLeftIt() {
        for (String mode : new String[]{"47", "1047"}) {
            var vt = Vt.of(4, 10).write("main\\e[?" + mode + "halt\\e[?" + mode + "l");
            assertThat(vt.lines()).as(mode).containsExactly("main", "", "", "");
            assertThat(vt.cursor()).as(mode).isEqualTo(new Cursor(0, 7, true));
        }
    }

    @Test
    void mode1049RestoresThePen() {
        var vt = Vt.of(2, 10).write("\\e[1m\\e[?1049h\\e[0m\\e[?1049lX");
        assertThat(vt.cell(0, 0).style().bold()).isTrue();
    }

    @Test
    void eachScreenHasItsOwnSavedCursor() {
        // xterm keeps DECSC's state per screen: saving on the alternate screen leaves the normal one's alone
        var vt = Vt.of(5, 10).write("\\e[2;2H\\e7\\e[?1047h\\e[4;4H\\e7\\e[H\\e8");
        assertThat(vt.cursor()).isEqualTo(new Cursor(3, 3, true));
        vt.write("\\e[?1047l\\e[5;5H\\e8");
        assertThat(vt.cursor()).isEqualTo(new Cursor(1, 1, true));
        vt.write("\\e[?1047h\\e[H\\e8");
        assertThat(vt.cursor()).isEqualTo(new Cursor(3, 3, true));
    }

    @Test
    void mode1049SavesInTheNormalScreensSlot() {
        var vt = Vt.of(5, 10).write("\\e[3;3H\\e[?1049h\\e[2;2H\\e7\\e[?1049l");
        assertThat(vt.cursor()).isEqualTo(new Cursor(2, 2, true));
        vt.write("\\e[H\\e8");
        assertThat(vt.cursor()).isEqualTo(new Cursor(2, 2, true));
    }

    @Test
    void theAlternateScreenNeverFeedsTheScrollback() {
        var vt = Vt.of(3, 10).write("\\e[?1049h").numbered(6).write("\\e[2J");
        assertThat(vt.scrollback()).isEmpty();
        assertThat(vt.lines()).containsExactly("", "", "");
    }

    @Test
    void enteringTwiceKeepsTheFirstSavedScreen() {
        var vt = Vt.of(2, 10).write("main\\e[?1049hA\\e[?1049hB\\e[?1049l");
        assertThat(vt.lines()).containsExactly("main", "");
        assertThat(vt.snapshot().alternateScreen()).isFalse();
    }

    @Test
    void leavingWhenNotInTheAlternateScreenOnlyRestoresTheCursor() {
        var vt = Vt.of(3, 10).write("abc\\e[?1049l");
        assertThat(vt.lines()).containsExactly("abc", "", "");
        assertThat(vt.snapshot().alternateScreen()).isFalse();
    }

    @Test
    void mode47KeepsTheAlternateScreenFor47And1047WhereAsLeaving1047Or1049ClearsIt() {
        var vt = Vt.of(2, 10).write("main\\e[?47halt\\e[?47l");
        assertThat(vt.lines()).containsExactly("main", "");
        assertThat(vt.write("\\e[?1047h").lines()).containsExactly("    alt", "");
        assertThat(vt.write("\\e[?1047l\\e[?47h").lines()).as("1047 cleared it when leaving").containsExactly("", "");
        assertThat(vt.write("X\\e[?47l\\e[?1049h").lines()).as("1049 starts blank").containsExactly("", "");
    }
}
