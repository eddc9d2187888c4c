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
import dev.uictl.core.pattern.UserPattern;
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
        WaitResult done = s.await(new WaitCondition.Regex(UserPattern.compile("^done$", true)), WAIT);
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
        TranscriptWindow newest = new TranscriptWindow(null, null, TranscriptWindow.DEFAULT_MAX_BYTES);
        TranscriptResult text = sessions.transcript("color", newest, null);
        assertThat(text.text()).contains("\u001b[31mred\u001b[0m");
        Path file = tmp.resolve("out.log");
        TranscriptResult saved = sessions.transcript("color", newest, file);
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
        s.await(new WaitCondition.Text("$ "), WAIT);
        assertThat(s.keyModes().bracketedPaste()).isTrue(); // readline asked for it
        ActionResult pasted = s.paste("echo o''ne\recho t''wo\r", SettlePolicy.ACTION);
        assertThat(pasted.screen().lines()).doesNotContain("one", "two"); // nothing ran yet
        s.keys(List.of("Enter"), SettlePolicy.ACTION);
        assertThat(s.await(new WaitCondition.Regex(UserPattern.compile("^two$", true)), WAIT).screen().lines())
                .contains("one", "two");
    }

    /** Double-forks a daemon into its own session that closes the terminal; prints its marker first. */
    private static final String DAEMONIZE = "echo \"marker=$UICTL_TERM_SESSION\"; python3 -c '"
            + "import os, time\n"
            + "if os.fork() == 0:\n"
            + "    os.setsid()\n"
            + "    if os.fork() == 0:\n"
            + "        fd = os.open(os.devnull, os.O_RDWR)\n"
            + "        [os.dup2(fd, n) for n in (0, 1, 2)]\n"
            + "        time.sleep(600)\n"
            + "    os._exit(0)\n"
            + "os.wait()'; ";

    private static String markerShownBy(TerminalSession s) {
        String line = s.await(new WaitCondition.Regex(UserPattern.compile("marker=\\S+", false)), WAIT).screen().lines().stream()
                .filter(l -> l.startsWith("marker=")).findFirst().orElseThrow();
        return TerminalSessions.MARKER + "=" + line.substring("marker=".length());
    }

    @Test
    void closeEndsDaemonsThatEscapedTheTreeAndKeepsTheProgramsExitCode() throws Exception {
        open("d", "sh", "-c", DAEMONIZE + "exit 5");
        TerminalSession s = sessions.find("d");
        String marker = markerShownBy(s);
        assertThat(marker).matches(TerminalSessions.MARKER + "=" + ProcessHandle.current().pid() + ":\\d+:\\d+:\\d+:t1");
        assertThat(s.await(new WaitCondition.Exited(), WAIT).exit().code()).isEqualTo(5);
        MarkedProcesses.await(marker, 1);
        CloseResult closed = sessions.close("d", "TERM", Duration.ofSeconds(2));
        assertThat(MarkedProcesses.carrying(marker)).isEmpty();
        assertThat(closed.exit().code()).isEqualTo(5);
        assertThat(closed.exit().signal()).isNull();
        assertThat(closed.processesSignalled()).isEqualTo(1);
    }

    @Test
    void closingARunningProgramReportsTheSignalAndEndsItsDaemon() throws Exception {
        open("d", "sh", "-c", DAEMONIZE + "exec sleep 600");
        String marker = markerShownBy(sessions.find("d"));
        MarkedProcesses.await(marker, 2);
        CloseResult closed = sessions.close("d", "TERM", Duration.ofSeconds(2));
        assertThat(MarkedProcesses.carrying(marker)).isEmpty();
        assertThat(closed.exit().signal()).isEqualTo("TERM");
        assertThat(closed.exit().code()).isNull();
    }

    @Test
    void closingTheServiceEndsEscapedDaemonsOfEverySession() throws Exception {
        open("a", "sh", "-c", DAEMONIZE + "exec sleep 600");
        open("b", "sh", "-c", DAEMONIZE);
        String a = markerShownBy(sessions.find("a"));
        String b = markerShownBy(sessions.find("b"));
        MarkedProcesses.await(a, 2);
        MarkedProcesses.await(b, 1);
        sessions.close();
        assertThat(MarkedProcesses.carrying(a)).isEmpty();
        assertThat(MarkedProcesses.carrying(b)).isEmpty();
    }

    @Test
    void aNewServiceEndsWhatADeadDaemonsSessionsLeftBehind() throws Exception {
        // A session process of a daemon that is gone: our pid with another start time is what a recycled pid shows.
        String start = Files.readString(Path.of("/proc/self/stat")).split("\\) ")[1].split(" ")[19];
        String namespace = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString().replaceAll("\\D", "");
        String orphan = TerminalSessions.MARKER + "=" + ProcessHandle.current().pid() + ":" + (Long.parseLong(start) + 1)
                + ":" + namespace + ":1:t1";
        ProcessBuilder pb = new ProcessBuilder("setsid", "sleep", "600");
        pb.environment().put(TerminalSessions.MARKER, orphan.substring(orphan.indexOf('=') + 1));
        Process p = pb.start();
        try {
            MarkedProcesses.await(orphan, 1);
            open("live", "sh", "-c", "echo \"marker=$UICTL_TERM_SESSION\"; exec sleep 600");
            String live = markerShownBy(sessions.find("live"));
            try (TerminalSessions next = new TerminalSessions()) {
                assertThat(MarkedProcesses.carrying(orphan)).isEmpty();
                assertThat(MarkedProcesses.carrying(live)).hasSize(1); // its daemon (this JVM) is alive
                assertThat(next.list()).isEmpty();
            }
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aPromptEndingInABlankIsFoundAlthoughTheShownLinesAreTrimmed() {
        sessions.open(new OpenRequest(List.of("bash", "--norc", "--noprofile", "-i"), Map.of("PATH", "/usr/bin:/bin",
                "HOME", tmp.toString()), Map.of("PS1", "ready> "), tmp, 24, 80, "prompt"), SettlePolicy.STARTUP);
        TerminalSession s = sessions.find("prompt");
        WaitResult ready = s.await(new WaitCondition.Text("ready> "), WAIT);
        assertThat(ready.screen().lines().getFirst()).isEqualTo("ready>"); // the JSON keeps the trimmed row
        s.type("echo x", SettlePolicy.ACTION);
        assertThat(s.await(new WaitCondition.Gone("ready> \n"), WAIT).screen().lines().getFirst()).isEqualTo("ready> echo x");
        assertThatThrownBy(() -> s.await(new WaitCondition.Text("ready>  "), Duration.ofMillis(100)))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT));
        s.keys(List.of("Enter"), SettlePolicy.ACTION);
        // a regex sees the padded rows too: the blank after the prompt, then the rest of the row up to its end
        assertThat(s.await(new WaitCondition.Regex(UserPattern.compile("(?m)^x\\s*\nready> +$", false)), WAIT).screen().lines()
                .subList(1, 3)).containsExactly("x", "ready>");
    }

    @Test
    void aHugePasteReachesAProgramThatReadsItAndOneThatDoesNotReadTimesOutWithWhatArrived() throws Exception {
        Path count = tmp.resolve("count");
        open("reader", "python3", "-c", "import os, sys, termios, tty\n"
                + "tty.setraw(0); print('ready', flush=True); n = 0\n"
                + "while n < 1000000: n += len(os.read(0, 65536))\n"
                + "open(sys.argv[1], 'w').write(str(n))", count.toString());
        TerminalSession reader = sessions.find("reader");
        reader.await(new WaitCondition.Text("ready"), WAIT);
        ActionResult pasted = reader.paste("x".repeat(1_000_000), SettlePolicy.ACTION);
        assertThat(pasted.bytes()).isEqualTo(1_000_000);
        assertThat(reader.await(new WaitCondition.Exited(), WAIT).exit().code()).isZero();
        assertThat(Files.readString(count)).isEqualTo("1000000");

        open("deaf", "sh", "-c", "stty raw -echo; echo ready; exec sleep 600");
        TerminalSession deaf = sessions.find("deaf");
        deaf.await(new WaitCondition.Text("ready"), WAIT);
        assertThatThrownBy(() -> deaf.paste("y".repeat(1_000_000), SettlePolicy.ACTION))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
                    assertThat(e.delivery()).isEqualTo(Delivery.DELIVERED_UNVERIFIED);
                    assertThat((Long) e.details().get("bytes_written")).isPositive().isLessThan(1_000_000L);
                });
        assertThat(deaf.info().running()).isTrue(); // the session lives on; the program may read later
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
