package dev.uictl.vt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TerminalTest {

    static Terminal feed(Terminal t, String s) {
        t.write(s.getBytes(StandardCharsets.UTF_8));
        return t;
    }

    @Test
    void printsTextAndMovesTheCursor() {
        var t = feed(new Terminal(3, 10), "hello\r\nworld");
        var s = t.snapshot(false, 0);
        assertThat(s.lines()).containsExactly("hello", "world", "");
        assertThat(s.cursor()).isEqualTo(new Cursor(1, 5, true));
        assertThat(s.cells()).isNull();
        assertThat(s.scrollback()).isEmpty();
    }

    @Test
    void repliesEventsTitleAndChangeCount() {
        var t = new Terminal(5, 20);
        var replies = new ByteArrayOutputStream();
        List<TerminalEvent> events = new ArrayList<>();
        t.onReply(replies::writeBytes);
        t.onEvent(events::add);
        long before = t.changeCount();
        feed(t, "\033]2;my title\007\007\033[3;4H\033[6n\033[5z");
        assertThat(t.changeCount()).isGreaterThan(before);
        assertThat(replies.toString(StandardCharsets.US_ASCII)).isEqualTo("\033[3;4R");
        assertThat(events).containsExactly(new TerminalEvent.TitleChanged("my title"), new TerminalEvent.Bell(),
                new TerminalEvent.Unsupported("ESC[5z"));
        assertThat(t.snapshot(false, 0).title()).isEqualTo("my title");
        assertThat(t.unsupportedCount()).isEqualTo(1);
    }

    @Test
    void snapshotCellsCarryStyles() {
        var t = feed(new Terminal(2, 4), "\033[1;31mA\033[0m中");
        var cells = t.snapshot(true, 0).cells();
        assertThat(cells.get(0)).hasSize(4);
        assertThat(cells.get(0).get(0)).isEqualTo(new Cell("A", 1, new Style(new Color.Ansi16(1), Color.DEFAULT,
                true, false, false, false, false, false)));
        assertThat(cells.get(0).get(1)).isEqualTo(new Cell("中", 2, Style.DEFAULT));
        assertThat(cells.get(0).get(2)).isEqualTo(new Cell("", 0, Style.DEFAULT));
        assertThat(cells.get(0).get(3)).isEqualTo(new Cell(" ", 1, Style.DEFAULT));
    }

    @Test
    void keyModesFollowTheProgram() {
        var t = feed(new Terminal(2, 4), "\033[?1h\033=\033[?2004h");
        assertThat(t.keyModes()).isEqualTo(new KeyModes(true, true, true));
        feed(t, "\033[?1l\033>\033[?2004l");
        assertThat(t.keyModes()).isEqualTo(KeyModes.DEFAULT);
    }

    @Test
    void scrollbackKeepsLinesScrolledOffTheTop() {
        var t = new Terminal(2, 10, 3);
        for (int i = 1; i <= 6; i++) feed(t, "line" + i + "\r\n");
        var s = t.snapshot(false, 10);
        assertThat(s.lines()).containsExactly("line6", "");
        assertThat(s.scrollback()).containsExactly("line3", "line4", "line5");
        assertThat(t.snapshot(false, 2).scrollback()).containsExactly("line4", "line5");
    }

    @Test
    void splittingTheOutputAnywhereGivesTheSameScreen() {
        String output = "\033]2;tïtle\007\033[1;31mred\033[0m 中文 e\u0301 🚀\r\n"
                + "\033[38;2;1;2;3mrgb\033[48:5:200m bg\033[m\033[2;5r\033[5;1H\nscroll\033[r"
                + "\033(0lqk\033(B\033[?1049h\033[3;3Halt\033[?1049l\033[4hins\033[4l" + "x".repeat(50)
                + "\033[H\033[2J" + "line\r\n".repeat(12) + "\033[3;3H\033[2@\033[P\033[X\033[L\033[M\033[5b";
        byte[] bytes = output.getBytes(StandardCharsets.UTF_8);
        var whole = new Terminal(6, 20);
        whole.write(bytes);
        var expected = whole.snapshot(true, 100);
        var random = new java.util.Random(7);
        for (int round = 0; round < 20; round++) {
            var split = new Terminal(6, 20);
            for (int i = 0; i < bytes.length; ) {
                int n = round == 0 ? 1 : 1 + random.nextInt(9);
                n = Math.min(n, bytes.length - i);
                split.write(bytes, i, n);
                i += n;
            }
            assertThat(split.snapshot(true, 100)).as("round %d", round).isEqualTo(expected);
        }
        assertThat(expected.title()).isEqualTo("tïtle");
    }
}
