package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.TerminalEvent;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplyTest {

    private static String replyTo(String input) {
        return replyTo(Vt.of(24, 80), input);
    }

    private static String replyTo(Vt vt, String input) {
        var out = new ByteArrayOutputStream();
        vt.terminal.onReply(out::writeBytes);
        vt.write(input);
        return out.toString(StandardCharsets.US_ASCII);
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
        assertThat(replyTo("\\e[?12$p")).isEqualTo("\033[?12;0$y");
        assertThat(replyTo("\\e[4h\\e[4$p")).isEqualTo("\033[4;1$y");
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
        assertThat(replies).isEqualTo("\033[?12;0$y");
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
}
