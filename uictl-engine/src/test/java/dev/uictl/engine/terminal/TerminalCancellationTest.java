package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.call.Cancellation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller that goes away ends the terminal waits made on its behalf — the readiness wait of an open, the settle
 * of an action, the follow-up wait of an input — instead of holding a daemon thread until their long timeouts.
 * Every wait here is a minute long: without the token the outcome would be a TIMEOUT or a result, not a cancel.
 */
class TerminalCancellationTest {
    private static final Duration LONG = Duration.ofSeconds(60);
    private final TerminalSessions sessions = new TerminalSessions();

    @TempDir
    Path tmp;

    @AfterEach
    void closeAll() {
        sessions.close();
    }

    private OpenRequest request(String... argv) {
        return new OpenRequest(List.of(argv), Map.of("PATH", "/usr/bin:/bin", "HOME", tmp.toString()), Map.of(),
                tmp, 24, 80, null);
    }

    private static Cancellation cancelSoon() {
        Cancellation token = new Cancellation();
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            token.cancel("client gone");
        });
        return token;
    }

    @Test
    void aReadinessWaitEndsWhenTheCallerGoesAwayAndTheSessionStaysListed() {
        assertThatThrownBy(() -> sessions.open(request("cat"), SettlePolicy.STARTUP,
                new Readiness(new WaitCondition.Text("never shown"), LONG), cancelSoon()))
                .isInstanceOf(Cancellation.CancelledException.class);
        assertThat(sessions.list()).hasSize(1);
    }

    @Test
    void aFollowUpWaitEndsWhenTheCallerGoesAwayAndTheSessionStillAnswers() {
        OpenResult opened = sessions.open(request("cat"), SettlePolicy.STARTUP);
        TerminalSession s = sessions.find(opened.sessionId());
        assertThatThrownBy(() -> s.type("abc", SettlePolicy.ACTION,
                new AfterInput(new WaitCondition.Text("never shown"), LONG), cancelSoon()))
                .isInstanceOf(Cancellation.CancelledException.class);
        ActionResult next = s.type("def", SettlePolicy.ACTION);
        assertThat(next.screen().lines().getFirst()).isEqualTo("abcdef");
    }

    @Test
    void aSettleOfABusyProgramEndsWhenTheCallerGoesAway() {
        OpenResult opened = sessions.open(request("sh", "-c", "read x; while :; do :; done"), SettlePolicy.STARTUP);
        TerminalSession s = sessions.find(opened.sessionId());
        // A running program is never called settled: the settle would last until its maximum, a minute here.
        SettlePolicy patient = new SettlePolicy(Duration.ofMillis(2), Duration.ofMillis(50), LONG);
        assertThatThrownBy(() -> s.keys(List.of("Enter"), patient, null, cancelSoon()))
                .isInstanceOf(Cancellation.CancelledException.class);
    }
}
