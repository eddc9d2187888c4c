package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgramEnvironmentTest {
    @Test
    void theTerminalsOwnVariablesReplaceTheCallersAndOverridesWin() {
        Map<String, String> env = ProgramEnvironment.of(
                Map.of("TERM", "screen", "COLUMNS", "200", "LINES", "50", "TMUX", "/tmp/x,1,0", "HOME", "/h"),
                Map.of("FOO", "bar"));
        assertThat(env).containsEntry("TERM", "xterm-256color").containsEntry("HOME", "/h")
                .containsEntry("FOO", "bar").containsEntry("LANG", "C.UTF-8").containsKey("PATH")
                .containsEntry("ESCDELAY", "25")
                .doesNotContainKeys("COLUMNS", "LINES", "TMUX");
        assertThat(ProgramEnvironment.of(Map.of("LC_ALL", "de_DE.UTF-8", "ESCDELAY", "300"), Map.of("TERM", "vt100")))
                .containsEntry("TERM", "vt100").doesNotContainKey("LANG").containsEntry("ESCDELAY", "300");
    }
}
