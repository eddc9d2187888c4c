package dev.uictl.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class RequiresTest {
    @Test
    void aMissingDependencyFailsUnderCiAndIsSkippedOtherwiseNamingIt() {
        Requires.that(true, "present");
        assertThatThrownBy(() -> Requires.that(false, "the frobnicator"))
                .isInstanceOf(Requires.underCi() ? AssertionError.class : TestAbortedException.class)
                .hasMessageContaining("the frobnicator");
        assertThatThrownBy(() -> Requires.program("no-such-program-here"))
                .hasMessageContaining("no-such-program-here");
        assertThat(Requires.onPath("sh")).isTrue();
    }

    @Test
    void pollReturnsTheFirstValueAndNamesWhatNeverCame() {
        int[] calls = {0};
        assertThat(Poll.value("third call", Duration.ofSeconds(5), () -> ++calls[0] == 3 ? Optional.of("x")
                : Optional.empty())).isEqualTo("x");
        assertThatThrownBy(() -> Poll.until("the impossible", Duration.ofMillis(30), () -> false))
                .isInstanceOf(AssertionError.class).hasMessageContaining("the impossible");
    }
}
