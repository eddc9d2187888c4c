package dev.uictl.pty.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SignalTest {
    @Test
    void parsesNamesWithOrWithoutPrefixAndNumbers() {
        assertThat(Signal.parse("TERM")).contains(Signal.TERM);
        assertThat(Signal.parse("sigkill")).contains(Signal.KILL);
        assertThat(Signal.parse("1")).contains(Signal.HUP);
        assertThat(Signal.parse("NOPE")).isEmpty();
        assertThat(Signal.parse("99")).isEmpty();
        assertThat(Signal.nameOf(36)).isEqualTo("RTMIN+2");
    }
}
