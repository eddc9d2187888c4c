package dev.uictl.tmux.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TmuxCommandTest {
    @Test
    void quotingEscapesWhatTmuxWouldInterpret() {
        assertThat(TmuxCommand.quote("a\"b\\c$HOME;")).isEqualTo("\"a\\\"b\\\\c\\$HOME;\"");
        assertThat(TmuxCommand.quote("x\ny\t\u001b")).isEqualTo("\"x\\012y\\011\\033\"");
        assertThat(TmuxCommand.quote("héllo 世界")).isEqualTo("\"héllo 世界\"");
    }

    @Test
    void aCommandIsOneLine() {
        String line = TmuxCommand.of("send-keys").flag("-l").target(Target.pane("api", 0, 1)).endOfOptions()
                .arg("two\nlines").line();
        assertThat(line).isEqualTo("send-keys -l -t \"=api:0.1\" -- \"two\\012lines\"").doesNotContain("\n");
    }

    @Test
    void chunksNeverSplitACodePoint() {
        String text = "aé世😀".repeat(50);
        List<String> chunks = TmuxCommand.chunks(text, 7);
        assertThat(String.join("", chunks)).isEqualTo(text);
        assertThat(chunks).allSatisfy(c -> assertThat(c.getBytes(StandardCharsets.UTF_8).length).isBetween(1, 7));
        assertThat(TmuxCommand.chunks("", 10)).isEmpty();
        assertThat(TmuxCommand.chunks("😀", 2)).containsExactly("😀"); // one code point larger than the chunk
    }

    @Test
    void targetsAreExact() {
        assertThat(Target.session("api").text()).isEqualTo("=api");
        assertThat(Target.sessionPanes("api").text()).isEqualTo("=api:");
        assertThat(Target.window("api-2", 3).text()).isEqualTo("=api-2:3");
        assertThat(Target.paneId("%12").text()).isEqualTo("%12");
        assertThatThrownBy(() -> Target.session("a:b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Target.session("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Target.paneId("12")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TmuxCommand.of("x").flag("-l; kill-server")).isInstanceOf(IllegalArgumentException.class);
    }
}
