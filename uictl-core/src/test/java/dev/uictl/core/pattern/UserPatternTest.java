package dev.uictl.core.pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class UserPatternTest {
    private static final String SCREEN = ("abcdefghij".repeat(20) + "\n").repeat(60);

    @Test
    void matchesLikeARegularExpression() {
        assertThat(UserPattern.compile("bash-[0-9.]+[$#]", false).find("bash-5.2$ ")).isTrue();
        assertThat(UserPattern.compile("^done$", true).find("x\ndone\ny")).isTrue();
        assertThat(UserPattern.compile("^done$", false).find("x\ndone\ny")).isFalse();
        assertThat(UserPattern.compile("[]a]{2}", false).find("]a")).isTrue();
    }

    @Test
    void catastrophicPatternsAnswerFast() {
        long start = System.nanoTime();
        // Each of these takes a backtracking engine exponential time or its whole stack.
        assertThat(UserPattern.compile("(.*a){25}!x", false).find("a".repeat(5000))).isFalse();
        assertThat(UserPattern.compile("(a|aa)*b", false).find("a".repeat(100_000))).isFalse();
        assertThat(UserPattern.compile("(x+x+)+y", false).find("x".repeat(10_000))).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void longPatternsAreRefusedNamingTheLimit() {
        assertThatThrownBy(() -> UserPattern.compile("a".repeat(1 << 20), false))
                .isInstanceOf(UserPattern.Rejected.class).hasMessageContaining("at most " + UserPattern.MAX_LENGTH);
    }

    @Test
    void expandingRepetitionsAreRefusedBeforeCompiling() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> UserPattern.compile("((a{100}){100}){100}", false))
                .isInstanceOf(UserPattern.Rejected.class).hasMessageContaining("instructions");
        assertThatThrownBy(() -> UserPattern.compile("(?:[a-z]{1000}){3}", false))
                .isInstanceOf(UserPattern.Rejected.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
        assertThat(UserPattern.compile("(a{40}){40}", false).find("a".repeat(1600))).isTrue();
    }

    @Test
    void deepNestingIsRefused() {
        String deep = "(".repeat(400) + "a" + ")".repeat(400);
        assertThatThrownBy(() -> UserPattern.compile(deep, false))
                .isInstanceOf(UserPattern.Rejected.class).hasMessageContaining("deep");
        String alternations = "(a|".repeat(300) + "b" + ")".repeat(300);
        assertThatThrownBy(() -> UserPattern.compile(alternations, false)).isInstanceOf(UserPattern.Rejected.class);
    }

    @Test
    void invalidSyntaxSaysWhy() {
        assertThatThrownBy(() -> UserPattern.compile("(a", false)).isInstanceOf(UserPattern.Rejected.class)
                .hasMessageContaining("not a valid RE2");
        assertThatThrownBy(() -> UserPattern.compile("(a)\\1", false)).isInstanceOf(UserPattern.Rejected.class);
    }

    @Test
    void aMatchStopsOnCancellationAndDeadline() {
        UserPattern heavy = UserPattern.compile(".{0,1000}x", false);
        Cancellation cancelled = new Cancellation();
        cancelled.cancel("test");
        assertThatThrownBy(() -> heavy.find(SCREEN, cancelled, Deadline.NONE))
                .isInstanceOfSatisfying(UserPattern.Stopped.class, s -> assertThat(s.cancelled()).isTrue());
        assertThatThrownBy(() -> heavy.find(SCREEN, Cancellation.NEVER, Deadline.afterMillis(0)))
                .isInstanceOfSatisfying(UserPattern.Stopped.class, s -> assertThat(s.cancelled()).isFalse());
        assertThat(heavy.find(SCREEN + "x", Cancellation.NEVER, Deadline.afterMillis(60_000))).isTrue();
    }

    @Test
    void equalityFollowsSourceAndFlags() {
        assertThat(UserPattern.compile("a+", true)).isEqualTo(UserPattern.compile("a+", true))
                .isNotEqualTo(UserPattern.compile("a+", false));
    }
}
