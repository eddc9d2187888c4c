package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** OSC 4, 5, 10–12 colour setting and queries, OSC 104, 105, 110–112 resets (xterm with a 24-bit visual). */
class ColourReportTest {

    @Test
    void osc4SetsAndReportsAnIndexedColourTo8BitsAChannel() {
        var vt = Vt.of(2, 10);
        assertThat(vt.replyTo("\\e]4;1;?\\e\\")).isEqualTo("\033]4;1;rgb:cdcd/0000/0000\033\\");
        assertThat(vt.replyTo("\\e]4;1;rgb:f0f0/8080/0\\e\\\\e]4;1;?;200;?\\e\\"))
                .isEqualTo("\033]4;1;rgb:f0f0/8080/0000\033\\\033]4;200;rgb:ffff/0000/d7d7\033\\");
    }

    @Test
    void hashFormsKeepTheHighBitsOfEachChannel() {
        var vt = Vt.of(2, 10);
        for (String spec : new String[] {"#fff", "#f0f0f0", "#f00f00f00", "#f000f000f000"}) {
            assertThat(vt.replyTo("\\e]4;0;" + spec + "\\e\\\\e]4;0;?\\e\\")).as(spec)
                    .isEqualTo("\033]4;0;rgb:f0f0/f0f0/f0f0\033\\");
        }
        assertThat(vt.replyTo("\\e]4;0;rgb:8/80/800\\e\\\\e]4;0;?\\e\\")).as("rgb: scales short channels")
                .isEqualTo("\033]4;0;rgb:8888/8080/8080\033\\");
    }

    @Test
    void unparsableSpecificationsChangeNothing() {
        var vt = Vt.of(2, 10);
        assertThat(vt.replyTo("\\e]4;2;CIELab:50/0/0\\e\\\\e]4;2;red\\e\\\\e]4;2;#12\\e\\\\e]4;2;?\\e\\"))
                .isEqualTo("\033]4;2;rgb:0000/cdcd/0000\033\\");
    }

    @Test
    void resetsBringBackTheDefaults() {
        var vt = Vt.of(2, 10).write("\\e]4;3;#000\\e\\\\e]4;4;#000\\e\\\\e]104;3\\e\\");
        assertThat(vt.replyTo("\\e]4;3;?;4;?\\e\\")).isEqualTo("\033]4;3;rgb:cdcd/cdcd/0000\033\\\033]4;4;rgb:0000/0000/0000\033\\");
        assertThat(vt.replyTo("\\e]104\\e\\\\e]4;4;?\\e\\")).isEqualTo("\033]4;4;rgb:0000/0000/eeee\033\\");
    }

    @Test
    void specialColoursAreOsc5AndOsc4Past255() {
        var vt = Vt.of(2, 10).write("\\e]5;1;#aaaabbbbcccc\\e\\");
        assertThat(vt.replyTo("\\e]5;1;?\\e\\\\e]4;257;?\\e\\"))
                .isEqualTo("\033]5;1;rgb:aaaa/bbbb/cccc\033\\\033]4;257;rgb:aaaa/bbbb/cccc\033\\");
        assertThat(vt.replyTo("\\e]105;1\\e\\\\e]5;1;?\\e\\")).isEqualTo("\033]5;1;rgb:0000/0000/0000\033\\");
    }

    @Test
    void dynamicColoursAreSetInTurnAndResetOneByOne() {
        var vt = Vt.of(2, 10).write("\\e]10;#808080;#101010\\e\\");
        assertThat(vt.replyTo("\\e]10;?;?;?\\e\\")).isEqualTo(
                "\033]10;rgb:8080/8080/8080\033\\\033]11;rgb:1010/1010/1010\033\\\033]12;rgb:0000/0000/0000\033\\");
        assertThat(vt.replyTo("\\e]111\\e\\\\e]10;?;?\\e\\"))
                .isEqualTo("\033]10;rgb:8080/8080/8080\033\\\033]11;rgb:ffff/ffff/ffff\033\\");
        assertThat(vt.replyTo("\\ec\\e]10;?\\e\\")).as("RIS").isEqualTo("\033]10;rgb:0000/0000/0000\033\\");
    }
}
