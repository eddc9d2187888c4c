package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class InputWaitTest {
    private Process process;

    @AfterEach
    void stop() {
        if (process != null) {
            process.destroyForcibly();
        }
    }

    private InputWait awaitWait(String python, Predicate<InputWait> until) throws Exception {
        process = new ProcessBuilder("/usr/bin/python3", "-c", python).start();
        // a process blocking raises no event
        return Poll.value("the expected input wait of pid " + process.pid(), Poll.DEFAULT_TIMEOUT,
                () -> InputWait.read((int) process.pid()).filter(until));
    }

    @Test
    void aSelectWithATimeoutIsTimedAndOneWithoutIsNot() throws Exception {
        assertThat(awaitWait("import select, os; r, w = os.pipe(); select.select([r], [], [], 600)",
                w -> w.sleeping() && w.timed().isPresent()).timed()).contains(true);
        stop();
        assertThat(awaitWait("import select, os; r, w = os.pipe(); select.select([r], [], [])",
                w -> w.sleeping() && w.timed().isPresent()).timed()).contains(false);
        stop();
        assertThat(awaitWait("import select, os; r, w = os.pipe(); p = select.poll(); p.register(r); p.poll(600000)",
                w -> w.sleeping() && w.timed().isPresent()).timed()).contains(true);
        stop();
        assertThat(awaitWait("import os; r, w = os.pipe(); os.read(r, 1)",
                w -> w.sleeping() && w.timed().isPresent()).timed()).contains(false);
    }

    @Test
    void doneWithInputNeedsABlockSinceAndAnUntimedWaitOrASecondBlock() {
        InputWait before = new InputWait(1, true, 10, Optional.of(false));
        assertThat(new InputWait(1, true, 10, Optional.of(false)).doneWithInputSince(before)).isFalse();
        assertThat(new InputWait(1, true, 11, Optional.of(false)).doneWithInputSince(before)).isTrue();
        assertThat(new InputWait(1, true, 11, Optional.of(true)).doneWithInputSince(before)).isFalse();
        assertThat(new InputWait(1, true, 11, Optional.empty()).doneWithInputSince(before)).isFalse();
        assertThat(new InputWait(1, true, 12, Optional.of(true)).doneWithInputSince(before)).isTrue();
        assertThat(new InputWait(1, false, 12, Optional.of(false)).doneWithInputSince(before)).isFalse();
    }
}
