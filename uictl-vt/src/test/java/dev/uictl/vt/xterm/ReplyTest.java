package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.TerminalEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplyTest {

    private static String replyTo(String input) {
        return replyTo(Vt.of(24, 80), input);
    }

    private static String replyTo(Vt vt, String input) {
        return vt.replyTo(input);
    }

    @Test
    void cursorPositionReport() {
        assertThat(replyTo("\\e[5;10H\\e[6n")).isEqualTo("\033[5;10R");
        assertThat(replyTo("\\e[6n")).isEqualTo("\033[1;1R");
    }

    @Test
    void statusReport() {
        assertThat(replyTo("\\e[5n")).isEqualTo("\033[0n");
    }

    @Test
    void deviceAttributesAsTmuxAnswersThem() {
        assertThat(replyTo("\\e[c")).isEqualTo("\033[?1;2c");
        assertThat(replyTo("\\e[0c")).isEqualTo("\033[?1;2c");
        assertThat(replyTo("\\e[>c")).isEqualTo("\033[>84;0;0c");
    }

    @Test
    void modeRequests() {
        assertThat(replyTo("\\e[?1h\\e[?1$p")).isEqualTo("\033[?1;1$y");
        assertThat(replyTo("\\e[?2004$p")).isEqualTo("\033[?2004;2$y");
        assertThat(replyTo("\\e[?12$p")).isEqualTo("\033[?12;2$y");
        assertThat(replyTo("\\e[4h\\e[4$p")).isEqualTo("\033[4;1$y");
        assertThat(replyTo("\\e[20h\\e[20$p")).isEqualTo("\033[20;1$y");
        assertThat(replyTo("\\e[?9999$p")).isEqualTo("\033[?9999;0$y");
    }

    /** Every mode the documentation lists is known to DECRQM (0 would tell the program it is not supported). */
    @Test
    void everyAcceptedModeIsReportedSetThenReset() {
        int[] dec = {1, 6, 7, 25, 9, 1000, 1002, 1003, 1004, 1005, 1006, 1015, 47, 1047, 1049, 2004, 66, 4, 5, 12, 18,
                19, 35, 42, 1001, 1034, 1036, 1039, 2026};
        for (int mode : dec) {
            String query = "\\e[?" + mode + "$p";
            String set = replyTo("\\e[?" + mode + "h" + query);
            String reset = replyTo("\\e[?" + mode + "h\\e[?" + mode + "l" + query);
            assertThat(set + reset).as("mode %d", mode)
                    .isEqualTo("\033[?" + mode + ";1$y" + "\033[?" + mode + ";2$y");
        }
        for (int mode : new int[]{2, 4, 12, 20}) {
            assertThat(replyTo("\\e[" + mode + "h\\e[" + mode + "$p") + replyTo("\\e[" + mode + "$p")).as("ANSI mode %d", mode)
                    .isEqualTo("\033[" + mode + ";1$y\033[" + mode + ";2$y");
        }
        // ECMA-48 modes xterm keeps reset for good (esctest's DECRQM tests)
        for (int mode : new int[]{1, 5, 7, 10, 11, 13, 14, 15, 16, 17, 18, 19}) {
            assertThat(replyTo("\\e[" + mode + "$p")).isEqualTo("\033[" + mode + ";4$y");
        }
        assertThat(replyTo("\\e[?3$p")).isEqualTo("\033[?3;4$y");
        assertThat(replyTo("\\e[?1048$p") + replyTo("\\e[?1048h\\e[?1048$p")).isEqualTo("\033[?1048;2$y\033[?1048;1$y");
    }

    @Test
    void cursorPositionReportsCountFromTheRegionInOriginModeAndDecxcprAddsThePage() {
        assertThat(replyTo("\\e[5;20r\\e[?6h\\e[3;4H\\e[6n")).isEqualTo("\033[3;4R");
        assertThat(replyTo("\\e[5;6H\\e[?6n")).isEqualTo("\033[?5;6;1R");
    }

    @Test
    void statusStringRequestsAnswerWithTheSequenceThatRestoresTheSetting() {
        assertThat(replyTo("\\e[1;4;31;48;5;100m\\eP$qm\\e\\")).isEqualTo("\033P1$r0;1;4;31;48:5:100m\033\\");
        assertThat(replyTo("\\e[m\\eP$qm\\e\\")).isEqualTo("\033P1$r0m\033\\");
        assertThat(replyTo("\\e[5;6r\\eP$qr\\e\\")).isEqualTo("\033P1$r5;6r\033\\");
        assertThat(replyTo("\\e[4 q\\eP$q q\\e\\")).isEqualTo("\033P1$r4 q\033\\");
        assertThat(replyTo("\\eP$qt\\e\\")).isEqualTo("\033P1$r24t\033\\");
        assertThat(replyTo("\\eP$q+q\\e\\")).isEqualTo("\033P0$r\033\\");
    }

    @Test
    void rectangleChecksumIsXtermsNegatedSumOfTheCharacters() {
        // one cell at a time, as esctest reads the screen: 0x10000 - checksum is the character
        var vt = Vt.of(24, 80).write("\\e[2;3HA");
        assertThat(replyTo(vt, "\\e[7;1;2;3;2;3*y")).isEqualTo("\033P7!~" + String.format("%04X", 0x10000 - 'A') + "\033\\");
        assertThat(replyTo(vt, "\\e[8;1;1;1;1;1*y")).isEqualTo("\033P8!~" + String.format("%04X", 0x10000 - ' ') + "\033\\");
        assertThat(replyTo(Vt.of(2, 3).write("abc"), "\\e[1;1*y"))
                .isEqualTo("\033P1!~" + String.format("%04X", -('a' + 'b' + 'c' + 3 * ' ') & 0xFFFF) + "\033\\");
    }

    @Test
    void dynamicColourQueriesAreAnsweredWithXtermsDefaults() {
        assertThat(replyTo("\\e]10;?\007\\e]11;?\\e\\"))
                .isEqualTo("\033]10;rgb:0000/0000/0000\033\\\033]11;rgb:ffff/ffff/ffff\033\\");
        assertThat(replyTo("\\e]10;?;?\007")).isEqualTo("\033]10;rgb:0000/0000/0000\033\\\033]11;rgb:ffff/ffff/ffff\033\\");
        assertThat(replyTo("\\e]11;#000000\007")).isEmpty();
    }

    @Test
    void windowSizeReport() {
        assertThat(replyTo("\\e[18t")).isEqualTo("\033[8;24;80t");
        assertThat(replyTo("\\e[22;0;0t\\e[23;0;0t")).isEmpty();
    }

    @Test
    void queriesVimSendsAreAnsweredOrIgnoredQuietly() {
        var vt = Vt.of(24, 80);
        List<TerminalEvent> events = new ArrayList<>();
        vt.terminal.onEvent(events::add);
        String replies = replyTo(vt, "\\e[>4;2m\\e[>4;m\\e[?4m\\e]10;?\007\\e]11;?\\e\\\\e[2 q\\e[>q\\e[?12$p");
        assertThat(replies).isEqualTo("\033]10;rgb:0000/0000/0000\033\\\033]11;rgb:ffff/ffff/ffff\033\\\033[?12;2$y");
        assertThat(events).isEmpty();
    }

    @Test
    void unknownSequencesAreReportedAndChangeNothing() {
        var vt = Vt.of(2, 10).write("ab");
        List<TerminalEvent> events = new ArrayList<>();
        vt.terminal.onEvent(events::add);
        vt.write("\\e[?1;2z\\e[5$}\\e%G\\e]99;x\007\\e[?9999h\\ePzz\\e\\c");
        assertThat(events).containsExactly(
                new TerminalEvent.Unsupported("ESC[?1;2z"),
                new TerminalEvent.Unsupported("ESC[5$}"),
                new TerminalEvent.Unsupported("ESC%G"),
                new TerminalEvent.Unsupported("ESC]99;x"),
                new TerminalEvent.Unsupported("ESC[?9999h"),
                new TerminalEvent.Unsupported("ESC Pz…"));
        assertThat(vt.lines()).containsExactly("abc", "");
    }

    @Test
    void titlesAndBell() {
        var vt = Vt.of(2, 10);
        List<TerminalEvent> events = new ArrayList<>();
        vt.terminal.onEvent(events::add);
        vt.write("\\e]0;first\007\\e]2;zweite ä\\e\\\\e]1;icon\007\007");
        assertThat(events).containsExactly(new TerminalEvent.TitleChanged("first"),
                new TerminalEvent.TitleChanged("zweite ä"), new TerminalEvent.Bell());
        assertThat(vt.snapshot().title()).isEqualTo("zweite ä");
    }

    @Test
    void titleStackAsSmcupAndRmcupUseIt() {
        var vt = Vt.of(2, 10).write("\\e]2;shell\007\\e[22;0;0t\\e]2;app\007");
        assertThat(vt.snapshot().title()).isEqualTo("app");
        vt.write("\\e[23;0;0t");
        assertThat(vt.snapshot().title()).isEqualTo("shell");
        vt.write("\\e[23;0;0t\\e[22;1t\\e[23;1t\\e[22t");
        assertThat(vt.snapshot().title()).isEqualTo("shell");
    }

    @Test
    void iconAndWindowTitlesAreReportedAndSavedApart() {
        var vt = Vt.of(2, 10).write("\\e]0;both\\e\\\\e[22;1t\\e[22;2t\\e]1;icon\\e\\\\e]2;window\\e\\");
        assertThat(vt.replyTo("\\e[20t\\e[21t")).isEqualTo("\033]Licon\033\\\033]lwindow\033\\");
        vt.write("\\e[23;0t");
        assertThat(vt.replyTo("\\e[20t\\e[21t")).as("the icon title the entry on top lacks comes from below")
                .isEqualTo("\033]Lboth\033\\\033]lboth\033\\");
        vt.write("\\e]0;x\\e\\\\e[23;2t");
        assertThat(vt.replyTo("\\e[20t\\e[21t")).as("the entry below saved only the icon title")
                .isEqualTo("\033]Lx\033\\\033]lx\033\\");
        assertThat(Vt.of(2, 10).write("\\e]2;é\\e\\").replyTo("\\e[21t")).isEqualTo("\033]lé\033\\");
    }
}
