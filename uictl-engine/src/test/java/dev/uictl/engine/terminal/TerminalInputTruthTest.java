package dev.uictl.engine.terminal;

import dev.uictl.core.call.Cancellation;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.testkit.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Terminal input is never lost silently (issue 9 item 6), with real python3, vim and bash; the oracles are the
 * programs' own effects (an exit status, a file vim wrote, bash's output).
 */
class TerminalInputTruthTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private final TerminalSessions sessions = new TerminalSessions();

    @TempDir
    Path tmp;

    @AfterEach
    void closeAll() {
        sessions.close();
    }

    private OpenResult open(Readiness readiness, String... argv) {
        return sessions.open(new OpenRequest(List.of(argv), Map.of("PATH", "/usr/bin:/bin", "HOME", tmp.toString()),
                Map.of("PS1", "$ "), tmp, 24, 80, null), SettlePolicy.STARTUP, readiness, Cancellation.NEVER);
    }

    private OpenResult open(String... argv) {
        return open(Readiness.firstOutput(WAIT), argv);
    }

    /** Reproduced: settled with an empty screen before python's prompt, and a C-d sent then was lost. */
    @Test
    void pythonIsReadyWithItsPromptAndTakesCtrlD() {
        for (int i = 0; i < 5; i++) {
            OpenResult opened = open("python3");
            assertThat(opened.ready()).isTrue();
            assertThat(opened.readyOn()).isEqualTo("output");
            assertThat(String.join("\n", opened.screen().lines())).as("run %d", i).contains(">>>");
            TerminalSession s = sessions.find(opened.sessionId());
            s.keys(List.of("C-d"), SettlePolicy.ACTION);
            WaitResult ended = s.await(new WaitCondition.Exited(), WAIT);
            assertThat(ended.exit()).as("run %d: python ended by the C-d", i).isNotNull();
            assertThat(ended.exit().code()).isZero();
        }
    }

    @Test
    void waitTextMakesOpenReturnOnceThePromptShows() {
        OpenResult opened = open(new Readiness(new WaitCondition.Text(">>> "), WAIT), "python3", "-q");
        assertThat(opened.readyOn()).isEqualTo("text");
        assertThat(opened.screen().lines()).contains(">>>");
    }

    @Test
    void aReadinessTextThatNeverShowsIsATimeoutAndTheSessionStaysOpen() {
        assertThatThrownBy(() -> open(new Readiness(new WaitCondition.Text("never shown"), Duration.ofMillis(300)),
                "cat")).isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
                    assertThat(e.details()).containsEntry("session_id", "t1");
                });
        assertThat(sessions.list()).extracting(SessionInfo::running).containsExactly(true);
    }

    /** Silent programs are ready once they visibly wait: on their terminal (cat) or on a timer (sleep). */
    @Test
    void silentProgramsAreReadyWhenTheyWaitForInputOrATimer() {
        long start = System.nanoTime();
        assertThat(open("cat").readyOn()).isEqualTo("reading_input");
        assertThat(open("sleep", "600").readyOn()).isEqualTo("sleeping");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        OpenResult notReady = open(Readiness.firstOutput(Duration.ofMillis(200)), "sh", "-c", "sleep 5 & wait; echo late");
        assertThat(notReady.ready()).isFalse();
        assertThat(notReady.readyOn()).isEqualTo("timeout");
    }

    /** Reproduced: vim right after open took `i hello Escape : w q Enter` as literal text once in 17 tries. */
    @Test
    void vimRightAfterOpenTakesItsCommands() throws Exception {
        for (int i = 0; i < 8; i++) {
            Path file = tmp.resolve("f" + i + ".txt");
            OpenResult opened = open("vim", "-u", "NONE", "-i", "NONE", "-N", file.toString());
            TerminalSession s = sessions.find(opened.sessionId());
            s.keys(List.of("i", "h", "e", "l", "l", "o", "Escape", ":", "w", "q", "Enter"), SettlePolicy.ACTION);
            s.await(new WaitCondition.Exited(), WAIT);
            assertThat(Files.readString(file)).as("run %d", i).isEqualTo("hello\n");
        }
    }

    @Test
    void inputNobodyReadsIsReportedNotSilentlyDropped() {
        OpenResult opened = open("sh", "-c", "stty raw -echo; echo ready; exec sleep 600");
        TerminalSession s = sessions.find(opened.sessionId());
        s.await(new WaitCondition.Text("ready"), WAIT);
        ActionResult typed = s.type("abc", SettlePolicy.ACTION);
        assertThat(typed.input().screenChanged()).isFalse();
        assertThat(typed.input().reason()).isEqualTo("input_not_read");
        assertThat(typed.input().unreadBytes()).isEqualTo(3);
        assertThat(typed.input().warning()).contains("3 input bytes are still unread");
    }

    @Test
    void inputThatShowsIsReportedChanged() {
        OpenResult opened = open("cat");
        ActionResult typed = sessions.find(opened.sessionId()).type("x", SettlePolicy.ACTION);
        assertThat(typed.input().screenChanged()).isTrue();
        assertThat(typed.input().reason()).isNull();
    }

    /**
     * Reproduced: a line typed to a stopped cat was echoed by the terminal itself, and the result said only
     * screen_changed. Now the unread line is named; once cat runs again it reads the line and writes it back (its own
     * output, the oracle that the bytes were waiting, not lost).
     */
    @Test
    void aLineTheTerminalEchoedButAStoppedProgramDidNotReadIsReported() throws Exception {
        OpenResult opened = open("cat");
        TerminalSession s = sessions.find(opened.sessionId());
        long pid = opened.pid();
        assertThat(new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor()).isZero();
        // cat stops once it runs again: a line arriving before that is read first (n_tty hands over data before it
        // looks at signals), and the test would type to a cat that is not stopped yet
        Poll.until("cat " + pid + " stopped", WAIT, () -> {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                return stat.substring(stat.lastIndexOf(')') + 2).startsWith("T");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try {
            ActionResult typed = s.type("hello\n", SettlePolicy.ACTION);
            assertThat(typed.input().screenChanged()).isTrue();
            assertThat(typed.input().reason()).isEqualTo("input_not_read");
            assertThat(typed.input().unreadBytes()).isEqualTo(6);
            assertThat(typed.input().warning()).contains("echoed").contains("6 input bytes are still unread");
        } finally {
            assertThat(new ProcessBuilder("kill", "-CONT", Long.toString(pid)).start().waitFor()).isZero();
        }
        long until = System.nanoTime() + WAIT.toNanos();
        while (!transcript(s).contains("hello\r\nhello\r\n") && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertThat(transcript(s)).as("the terminal's echo, then cat's own copy").contains("hello\r\nhello\r\n");
        ActionResult next = s.type("x", SettlePolicy.ACTION);
        assertThat(next.input().reason()).as("cat reads again").isNull();
    }

    private static String transcript(TerminalSession s) {
        return new String(s.transcript(), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Reproduced: `term wait --text hello` matched text that was on the screen before. */
    @Test
    void waitSinceASnapshotOnlyMatchesNewOutput() {
        OpenResult opened = open(new Readiness(new WaitCondition.Text("$ "), WAIT), "bash", "--norc", "--noprofile", "-i");
        TerminalSession s = sessions.find(opened.sessionId());
        ActionResult typed = s.type("echo hel''lo", SettlePolicy.ACTION);
        s.keys(List.of("Enter"), SettlePolicy.ACTION);
        WaitResult first = s.await(new WaitCondition.Text("$ "), WAIT, typed.screen().snapshotId(), Cancellation.NEVER);
        String shown = first.screen().snapshotId();
        assertThat(s.screen(false, 0).lines()).contains("hello");

        assertThatThrownBy(() -> s.await(new WaitCondition.Text("hello"), Duration.ofMillis(300), shown, Cancellation.NEVER))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT));
        assertThat(s.await(new WaitCondition.Text("hello"), Duration.ofMillis(300)).condition())
                .as("without --since the old text still counts").contains("hello");

        s.type("echo hello", SettlePolicy.ACTION);
        ActionResult ran = s.keys(List.of("Enter"), SettlePolicy.ACTION,
                new AfterInput(new WaitCondition.Text("hello"), WAIT), Cancellation.NEVER);
        assertThat(ran.waitedFor()).isEqualTo("text \"hello\"");
        assertThat(ran.screen().lines().stream().filter("hello"::equals).count()).isEqualTo(2);
    }

    @Test
    void aFollowUpWaitMatchesOutputNotTheEchoOfTheTypedCommand() {
        OpenResult opened = open(new Readiness(new WaitCondition.Text("$ "), WAIT), "bash", "--norc", "--noprofile", "-i");
        TerminalSession s = sessions.find(opened.sessionId());
        s.type("sleep 0.3; echo don''e", SettlePolicy.ACTION);
        ActionResult ran = s.keys(List.of("Enter"), SettlePolicy.ACTION, new AfterInput(new WaitCondition.Text("done"), WAIT),
                Cancellation.NEVER);
        assertThat(ran.screen().lines()).contains("done");
        assertThatThrownBy(() -> s.keys(List.of("Enter"), SettlePolicy.ACTION,
                new AfterInput(new WaitCondition.Text("done"), Duration.ofMillis(300)), Cancellation.NEVER))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
                    assertThat(e.details()).containsEntry("input_delivered", true);
                    assertThat(e.delivery()).isEqualTo(Delivery.DELIVERED_UNVERIFIED);
                });
    }

    @Test
    void anUnknownSnapshotIsInvalidArgs() {
        OpenResult opened = open("cat");
        assertThatThrownBy(() -> sessions.find(opened.sessionId()).await(new WaitCondition.Text("x"), WAIT, "t9.1", Cancellation.NEVER))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS);
                    assertThat(e.details()).containsKey("current_snapshot_id");
                });
    }
}
