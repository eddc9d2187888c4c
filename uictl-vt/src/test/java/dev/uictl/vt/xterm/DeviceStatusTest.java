package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** DECDSR (CSI ? Ps n) and XTGETTCAP (DCS + q) answers. */
class DeviceStatusTest {

    @Test
    void decdsrAnswersForDevicesTheTerminalDoesNotHave() {
        var vt = Vt.of(2, 10);
        assertThat(vt.replyTo("\\e[?15n")).as("printer").isEqualTo("\033[?13n");
        assertThat(vt.replyTo("\\e[?25n")).as("UDK").isEqualTo("\033[?21n");
        assertThat(vt.replyTo("\\e[?26n")).as("keyboard").isEqualTo("\033[?27;0;0;0n");
        assertThat(vt.replyTo("\\e[?53n\\e[?55n\\e[?56n")).as("locator").isEqualTo("\033[?50n\033[?50n\033[?57;0n");
        assertThat(vt.replyTo("\\e[?62n\\e[?63;7n")).as("macros").isEqualTo("\033[0*{\033P7!~0000\033\\");
        assertThat(vt.replyTo("\\e[?75n\\e[?85n")).isEqualTo("\033[?70n\033[?83n");
        assertThat(vt.replyTo("\\e[?99n")).isEmpty();
    }

    @Test
    void cursorReportsCountFromTheMarginsInOriginMode() {
        var vt = Vt.of(10, 20).write("\\e[3;8r\\e[?69h\\e[5;15s\\e[?6h\\e[2;3H");
        assertThat(vt.replyTo("\\e[6n\\e[?6n")).isEqualTo("\033[2;3R\033[?2;3;1R");
    }

    @Test
    void decidAnswersAsDa1() {
        var vt = Vt.of(2, 10);
        assertThat(vt.replyTo("\\eZ")).isEqualTo(vt.replyTo("\\e[c")).isEqualTo("\033[?1;2c");
    }

    @Test
    void thereIsNoStatusLine() {
        assertThat(Vt.of(2, 10).replyTo("\\e[0$~\\e[0$}\\eP$q$~\\e\\\\eP$q$}\\e\\"))
                .isEqualTo("\033P1$r0$~\033\\\033P1$r0$}\033\\");
    }

    @Test
    void xtgettcapKnowsTheNumberOfColours() {
        assertThat(Vt.of(2, 10).replyTo("\\eP+q436F;636F6C6F7273;6B637575\\e\\"))
                .isEqualTo("\033P1+r436F=323536\033\\\033P1+r636F6C6F7273=323536\033\\\033P0+r6B637575\033\\");
    }
}
