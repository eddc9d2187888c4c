package dev.uictl.pty.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ExitStatusTest {
    @Test
    void decodesRawWaitStatuses() {
        assertThat(ExitStatus.fromWaitStatus(7 << 8)).isEqualTo(ExitStatus.exited(7));
        assertThat(ExitStatus.fromWaitStatus(15)).isEqualTo(ExitStatus.killed(15));
        ExitStatus core = ExitStatus.fromWaitStatus(0x80 | 11);
        assertThat(core.signal()).isEqualTo(11);
        assertThat(core.coreDumped()).isTrue();
        assertThat(core.signalName()).isEqualTo("SEGV");
        assertThat(core.toString()).isEqualTo("signal SEGV (core dumped)");
    }

    @Test
    void exactlyOneOutcome() {
        assertThatThrownBy(() -> new ExitStatus(null, null, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ExitStatus(1, 2, false)).isInstanceOf(IllegalArgumentException.class);
    }
}
