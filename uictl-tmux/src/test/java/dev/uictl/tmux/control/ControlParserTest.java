package dev.uictl.tmux.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines captured from tmux 3.3a in control mode (`tmux -L x -C attach -t =api`). */
class ControlParserTest {

    private static List<ControlEvent> feed(String... lines) {
        ControlParser parser = new ControlParser();
        List<ControlEvent> out = new ArrayList<>();
        for (String l : lines) {
            ControlEvent e = parser.feed(l.getBytes(StandardCharsets.UTF_8));
            if (e != null) {
                out.add(e);
            }
        }
        return out;
    }

    @Test
    void attachReplyThenNotificationThenClientReplies() {
        List<ControlEvent> events = feed(
                "%begin 1795453394 263 0", "%end 1795453394 263 0",
                "%session-changed $0 api",
                "%begin 1795453394 268 1", "api: 1 windows (created Mon Nov 23 17:03:14 2026) (attached)",
                "%end 1795453394 268 1",
                "%begin 1795453394 270 1", "can't find pane: =api", "%error 1795453394 270 1",
                "%exit");
        assertThat(events).hasSize(5);
        assertThat(events.get(0)).isEqualTo(new ControlEvent.Reply(1795453394, 263, 0, true, List.of()));
        assertThat(((ControlEvent.Reply) events.get(0)).fromClient()).isFalse();
        assertThat(events.get(1)).isEqualTo(new ControlEvent.Notification("session-changed", List.of("$0", "api")));
        ControlEvent.Reply listed = (ControlEvent.Reply) events.get(2);
        assertThat(listed.ok()).isTrue();
        assertThat(listed.fromClient()).isTrue();
        assertThat(listed.lines()).containsExactly("api: 1 windows (created Mon Nov 23 17:03:14 2026) (attached)");
        ControlEvent.Reply failed = (ControlEvent.Reply) events.get(3);
        assertThat(failed.ok()).isFalse();
        assertThat(failed.text()).isEqualTo("can't find pane: =api");
        assertThat(events.get(4)).isEqualTo(new ControlEvent.Exit(""));
    }

    @Test
    void replyLinesThatLookLikeNotificationsStayInTheBlock() {
        List<ControlEvent> events = feed("%begin 1 277 1", "%0", "%end 1 278 1", "%output %1 x", "%end 1 277 1");
        assertThat(events).hasSize(1);
        assertThat(((ControlEvent.Reply) events.getFirst()).lines())
                .containsExactly("%0", "%end 1 278 1", "%output %1 x");
    }

    @Test
    void outputIsOctalUnescapedAsBytes() {
        List<ControlEvent> events = feed("%output %0 h\\303\\251\\015\\012\\134x");
        ControlEvent.Output out = (ControlEvent.Output) events.getFirst();
        assertThat(out.paneId()).isEqualTo("%0");
        assertThat(new String(out.data(), StandardCharsets.UTF_8)).isEqualTo("hé\r\n\\x");
        assertThat(out.ageMillis()).isZero();
    }

    @Test
    void rawUtf8AndAHalfCharacterPassThroughAsBytes() {
        ControlParser parser = new ControlParser();
        byte[] line = "%output %2 a\u00e9".getBytes(StandardCharsets.UTF_8);
        byte[] half = java.util.Arrays.copyOf(line, line.length - 1); // the first byte of é only
        ControlEvent.Output out = (ControlEvent.Output) parser.feed(half);
        assertThat(out.data()).containsExactly('a', (byte) 0xc3);
    }

    @Test
    void extendedOutputCarriesTheAge() {
        ControlEvent.Output out = (ControlEvent.Output) feed("%extended-output %7 125 : ok\\012").getFirst();
        assertThat(out.paneId()).isEqualTo("%7");
        assertThat(out.ageMillis()).isEqualTo(125);
        assertThat(new String(out.data(), StandardCharsets.US_ASCII)).isEqualTo("ok\n");
    }

    @Test
    void flowControlAndEmptyOutput() {
        assertThat(feed("%pause %3", "%continue %3"))
                .containsExactly(new ControlEvent.FlowControl("%3", true), new ControlEvent.FlowControl("%3", false));
        assertThat(((ControlEvent.Output) feed("%output %4").getFirst()).data()).isEmpty();
    }

    @Test
    void anUnmatchedEndIsReplyTextNotATerminator() {
        List<ControlEvent> events = feed("%begin 5 9 1", "%end 5 10 1", "%error 5 9 1");
        ControlEvent.Reply reply = (ControlEvent.Reply) events.getFirst();
        assertThat(reply.ok()).isFalse();
        assertThat(reply.lines()).containsExactly("%end 5 10 1");
    }

    @Test
    void exitWithReason() {
        assertThat(feed("%exit server exited")).containsExactly(new ControlEvent.Exit("server exited"));
    }
}
