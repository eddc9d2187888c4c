package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Modes;
import org.junit.jupiter.api.Test;

class ModesTest {

    private static final Modes DEFAULTS = new Modes(false, false, false, "none", "default", false, true, false, false);

    @Test
    void aFreshTerminalHasTheDefaultModes() {
        assertThat(Vt.of(2, 5).snapshot().modes()).isEqualTo(DEFAULTS);
        assertThat(Vt.of(2, 5).cursor().visible()).isTrue();
    }

    @Test
    void decsetAndDecrstToggleModes() {
        var vt = Vt.of(2, 5).write("\\e[?1h\\e=\\e[?2004h\\e[?1004h\\e[?7l\\e[4h\\e[?25l");
        assertThat(vt.snapshot().modes()).isEqualTo(new Modes(true, true, true, "none", "default", true, false,
                false, true));
        assertThat(vt.cursor().visible()).isFalse();
        vt.write("\\e[?1l\\e>\\e[?2004l\\e[?1004l\\e[?7h\\e[4l\\e[?25h");
        assertThat(vt.snapshot().modes()).isEqualTo(DEFAULTS);
    }

    @Test
    void severalModesInOneSequence() {
        var modes = Vt.of(2, 5).write("\\e[?1006;1000h").snapshot().modes();
        assertThat(modes.mouseTracking()).isEqualTo("normal");
        assertThat(modes.mouseEncoding()).isEqualTo("sgr");
    }

    @Test
    void mouseTrackingModesReplaceEachOther() {
        var vt = Vt.of(2, 5);
        assertThat(vt.write("\\e[?9h").snapshot().modes().mouseTracking()).isEqualTo("x10");
        assertThat(vt.write("\\e[?1002h").snapshot().modes().mouseTracking()).isEqualTo("button");
        assertThat(vt.write("\\e[?1003h").snapshot().modes().mouseTracking()).isEqualTo("any");
        assertThat(vt.write("\\e[?1000l").snapshot().modes().mouseTracking()).isEqualTo("none");
        assertThat(vt.write("\\e[?1005h").snapshot().modes().mouseEncoding()).isEqualTo("utf8");
        assertThat(vt.write("\\e[?1015h").snapshot().modes().mouseEncoding()).isEqualTo("urxvt");
        assertThat(vt.write("\\e[?1005l").snapshot().modes().mouseEncoding()).isEqualTo("urxvt");
        assertThat(vt.write("\\e[?1015l").snapshot().modes().mouseEncoding()).isEqualTo("default");
    }

    @Test
    void insertModeShiftsTheLine() {
        assertThat(Vt.of(1, 10).write("abcdef\r\\e[4hXY\\e[4lZ").line(0)).isEqualTo("XYZbcdef");
    }

    @Test
    void lineFeedNewLineModeAlsoReturnsTheCarriage() {
        var vt = Vt.of(5, 10).write("\\e[20hab\ncd\u000bef\fgh\\eDij");
        assertThat(vt.lines()).containsExactly("ab", "cd", "ef", "gh", "  ij");   // IND is not affected (xterm)
        vt.write("\\e[20l\\e[Hx\ny");
        assertThat(vt.line(1)).isEqualTo("cy");
    }

    @Test
    void originModeHomesTheCursorIntoTheRegion() {
        var vt = Vt.of(5, 10).write("\\e[2;4r\\e[3;3H\\e[?6h");
        assertThat(vt.cursor().row()).isEqualTo(1);
        assertThat(vt.snapshot().modes().originMode()).isTrue();
    }

    @Test
    void softResetRestoresModesButKeepsTheScreen() {
        var vt = Vt.of(3, 10).write("text\\e[?1h\\e[4h\\e[?7l\\e[?25l\\e[1m\\e[2;3r\\e[!p");
        assertThat(vt.snapshot().modes()).isEqualTo(DEFAULTS);
        assertThat(vt.cursor().visible()).isTrue();
        assertThat(vt.line(0)).isEqualTo("text");
        vt.write("\\e[3;1H\nX");   // the region is the whole screen again
        assertThat(vt.lines()).containsExactly("", "", "X");
    }

    @Test
    void fullResetClearsScreenModesAndPen() {
        var vt = Vt.of(3, 10).write("abc\r\ndef\\e[?1h\\e[31m\\ecx");
        assertThat(vt.lines()).containsExactly("x", "", "");
        assertThat(vt.snapshot().modes()).isEqualTo(DEFAULTS);
        assertThat(vt.cell(0, 0).style()).isEqualTo(dev.uictl.vt.Style.DEFAULT);
    }

    @Test
    void decColumnModeClearsAndHomesWithoutResizing() {
        var vt = Vt.of(2, 10).write("abc\\e[?3h");
        assertThat(vt.lines()).containsExactly("", "");
        assertThat(vt.snapshot().cols()).isEqualTo(10);
    }

    @Test
    void decncsmKeepsTheScreenOnDeccolmAtLevel5Only() {
        assertThat(Vt.of(2, 10).write("abc\\e[?95h\\e[?3h").lines()).containsExactly("abc", "");
        assertThat(Vt.of(2, 10).write("\\e[64;1\"pabc\\e[?95h\\e[?3h").lines()).containsExactly("", "");
    }

    @Test
    void conformanceLevelsGateDecrqmAndMargins() {
        var vt = Vt.of(2, 10).write("\\e[62;1\"p");
        assertThat(vt.replyTo("\\e[4$p\\eP$q\"p\\e\\")).isEqualTo("\033P1$r62;1\"p\033\\");
        vt.write("\\e[63\"p\\e[?69h\\e[5;6s\\e[1;5Habc");
        assertThat(vt.replyTo("\\e[4$p")).isEqualTo("\033[4;2$y");
        assertThat(vt.line(0)).as("no margins at level 3").isEqualTo("    abc");
        vt.write("\\e[65\"p\\e[?69h\\e[5;6s\\e[1;5Hxyz");
        assertThat(vt.line(1)).as("margins at level 5").isEqualTo("    z");
    }
}
