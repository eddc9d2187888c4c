package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TerminalSessionsTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private final TerminalSessions sessions = new TerminalSessions();

    @TempDir
    Path tmp;

    @AfterEach
    void closeAll() {
        sessions.close();
    }

    private OpenResult open(String name, String... argv) {
        return sessions.open(new OpenRequest(List.of(argv), Map.of("PATH", "/usr/bin:/bin", "HOME", tmp.toString(),
                "COLUMNS", "3"), Map.of("PS1", "$ "), tmp, 24, 80, name), SettlePolicy.STARTUP);
    }

    @Test
    void keysReachCatAndTheSettledScreenShowsTheEcho() {
        OpenResult opened = open("cat", "cat");
        assertThat(opened.sessionId()).isEqualTo("t1");
        TerminalSession s = sessions.find("cat");
        ActionResult typed = s.type("hello", SettlePolicy.ACTION);
        assertThat(typed.settled()).isTrue();
        assertThat(typed.screen().lines().getFirst()).isEqualTo("hello");
        ActionResult entered = s.keys(List.of("Enter"), SettlePolicy.ACTION);
        assertThat(entered.screen().lines().subList(0, 2)).containsExactly("hello", "hello");
        assertThat(entered.screen().cursor().row()).isEqualTo(2);
        assertThat(entered.sent()).containsExactly("Enter");
        assertThat(entered.bytes()).isEqualTo(1);
    }

    @Test
    void theProgramGetsTheTerminalsEnvironmentAndSize() {
        open(null, "sh", "-c", "echo \"$TERM cols=$COLUMNS $(stty size)\"; exec cat");
        WaitResult w = sessions.find("t1").await(new WaitCondition.Text("xterm-256color"), WAIT);
        assertThat(w.screen().lines().getFirst()).isEqualTo("xterm-256color cols= 24 80");
    }

    @Test
    void waitsAreWokenByOutputAndReportTimeoutsWithTheLastObservation() {
        open("sh", "sh");
        TerminalSession s = sessions.find("sh");
        s.type("sleep 0.2; echo do''ne\r", SettlePolicy.ACTION);
        WaitResult done = s.await(new WaitCondition.Regex(Pattern.compile("^done$", Pattern.MULTILINE)), WAIT);
        assertThat(done.screen().lines()).contains("done");
        assertThatThrownBy(() -> s.await(new WaitCondition.Text("never shown"), Duration.ofMillis(100)))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
                    assertThat(e.details()).containsEntry("kind", "wait").containsKey("last_observation");
                });
        assertThat(s.await(new WaitCondition.Gone("never shown"), WAIT).condition()).isEqualTo("gone \"never shown\"");
        assertThat(s.await(new WaitCondition.Idle(Duration.ofMillis(50)), WAIT).waitedMs()).isGreaterThanOrEqualTo(50);
    }

    @Test
    void exitCodeAndSignalAreReportedAndWaitingForTextAfterExitFails() {
        open("quick", "sh", "-c", "echo bye; exit 3");
        TerminalSession s = sessions.find("quick");
        WaitResult exited = s.await(new WaitCondition.Exited(), WAIT);
        assertThat(exited.exit().code()).isEqualTo(3);
        assertThatThrownBy(() -> s.await(new WaitCondition.Text("never"), WAIT))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PROCESS_EXIT));
        assertThatThrownBy(() -> s.type("x", SettlePolicy.ACTION))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PROCESS_EXIT));
        open("victim", "sleep", "600");
        CloseResult closed = sessions.close("victim", "TERM", Duration.ofSeconds(2));
        assertThat(closed.exit().signal()).isEqualTo("TERM");
        assertThat(closed.exit().code()).isNull();
        assertThatThrownBy(() -> sessions.find("victim"))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND));
    }

    @Test
    void resizeIsSeenByTheProgramAndTheModel() {
        open("winch", "sh", "-c", "trap 'echo size $(stty size)' WINCH; echo ready; while :; do sleep 5 & wait $!; done");
        TerminalSession s = sessions.find("winch");
        s.await(new WaitCondition.Text("ready"), WAIT);
        ActionResult r = s.resize(30, 100, SettlePolicy.ACTION);
        assertThat(r.screen().rows()).isEqualTo(30);
        assertThat(r.screen().cols()).isEqualTo(100);
        assertThat(s.await(new WaitCondition.Text("size 30 100"), WAIT).screen().lines()).contains("size 30 100");
        assertThat(r.events()).extracting(SessionEvent::type).contains("resize");
    }

    @Test
    void badKeysAreRejectedBeforeAnythingIsSent() {
        open("cat", "cat");
        TerminalSession s = sessions.find("cat");
        assertThatThrownBy(() -> s.keys(List.of("a", "NoSuchKey"), SettlePolicy.ACTION))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS);
                    assertThat(e.delivery()).isEqualTo(Delivery.NOT_DELIVERED);
                });
        assertThat(s.screen(false, 0).lines().getFirst()).isEmpty();
    }

    @Test
    void cursorKeysFollowTheApplicationCursorMode() {
        // od shows the bytes the program receives; DECCKM switched on by the program changes Up to ESC O A
        open("od", "sh", "-c", "printf '\\033[?1h'; stty raw -echo; od -An -c -w3");
        TerminalSession s = sessions.find("od");
        assertThat(s.keyModes().applicationCursor()).isTrue();
        s.keys(List.of("Up"), SettlePolicy.ACTION);
        assertThat(s.await(new WaitCondition.Text("O   A"), WAIT).screen().lines().getFirst()).contains("033   O   A");
    }

    @Test
    void transcriptKeepsRawBytesAndIsWrittenAtomically() throws Exception {
        open("color", "sh", "-c", "printf '\\033[31mred\\033[0m\\n'; exec cat");
        sessions.find("color").await(new WaitCondition.Text("red"), WAIT);
        TranscriptResult text = sessions.transcript("color", null);
        assertThat(text.text()).contains("\u001b[31mred\u001b[0m");
        Path file = tmp.resolve("out.log");
        TranscriptResult saved = sessions.transcript("color", file);
        assertThat(saved.path()).isEqualTo(file.toString());
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(text.text());
        assertThat(Files.getPosixFilePermissions(file)).hasSize(2);
    }

    @Test
    void spawnFailuresAndNameClashesAreMapped() {
        assertThatThrownBy(() -> open(null, "definitely-not-a-program"))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.APP_NOT_FOUND));
        open("same", "cat");
        assertThatThrownBy(() -> open("same", "cat"))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS));
        assertThatThrownBy(() -> sessions.close("same", "NOPE", Duration.ZERO))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS));
    }

    @Test
    void scrollbackKeepsWhatScrolledOffTheTop() {
        open("seq", "sh", "-c", "seq 1 40; exec cat");
        TerminalSession s = sessions.find("seq");
        s.await(new WaitCondition.Text("40"), WAIT);
        ScreenView v = s.screen(false, 100);
        assertThat(v.scrollback()).startsWith("1", "2", "3");
        assertThat(v.scrollback().getLast()).isEqualTo(Integer.toString(Integer.parseInt(v.lines().getFirst()) - 1));
        assertThat(s.screen(false, 0).scrollback()).isNull();
    }

    @Test
    void concurrentSessionsDoNotSeeEachOthersInput() throws Exception {
        int n = 6;
        for (int i = 0; i < n; i++) {
            open("c" + i, "cat");
        }
        List<Thread> threads = new java.util.ArrayList<>();
        java.util.Queue<Throwable> failures = new java.util.concurrent.ConcurrentLinkedQueue<>();
        for (int i = 0; i < n; i++) {
            String name = "c" + i;
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    TerminalSession s = sessions.find(name);
                    for (int k = 0; k < 5; k++) {
                        s.type(name + "-" + k + " ", SettlePolicy.ACTION);
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(failures).isEmpty();
        for (int i = 0; i < n; i++) {
            String prefix = "c" + i + "-";
            String mine = String.join(" ", java.util.stream.IntStream.range(0, 5).mapToObj(k -> prefix + k).toList());
            assertThat(sessions.find("c" + i).screen(false, 0).lines().getFirst()).isEqualTo(mine);
        }
    }

    @Test
    void aBracketedPasteIsNotRunLineByLine() {
        open("bash", "bash", "--norc", "--noprofile", "-i");
        TerminalSession s = sessions.find("bash");
        s.await(new WaitCondition.Text("$"), WAIT); // lines are trimmed: the prompt "$ " reads "$"
        assertThat(s.keyModes().bracketedPaste()).isTrue(); // readline asked for it
        ActionResult pasted = s.paste("echo o''ne\recho t''wo\r", SettlePolicy.ACTION);
        assertThat(pasted.screen().lines()).doesNotContain("one", "two"); // nothing ran yet
        s.keys(List.of("Enter"), SettlePolicy.ACTION);
        assertThat(s.await(new WaitCondition.Regex(Pattern.compile("^two$", Pattern.MULTILINE)), WAIT).screen().lines())
                .contains("one", "two");
    }

    @Test
    void closingTheServiceEndsEverySession() {
        int pid = open("a", "sleep", "600").pid();
        int pid2 = open("b", "sh", "-c", "sleep 600 & wait").pid();
        sessions.close();
        assertThat(ProcessHandle.of(pid)).isEmpty();
        assertThat(ProcessHandle.of(pid2)).isEmpty();
        assertThat(sessions.list()).isEmpty();
    }
}
