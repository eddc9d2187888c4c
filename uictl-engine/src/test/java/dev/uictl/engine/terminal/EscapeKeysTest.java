package dev.uictl.engine.terminal;

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
import dev.uictl.core.pattern.UserPattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `term keys … Escape …` with real programs that must tell a lone Escape from Alt+key. Each program records what
 * it understood in a file; the test reads the file, not uictl's own report.
 */
class EscapeKeysTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private final TerminalSessions sessions = new TerminalSessions();

    @TempDir
    Path tmp;

    @AfterEach
    void closeAll() {
        sessions.close();
    }

    private TerminalSession open(String... argv) {
        OpenResult opened = sessions.open(new OpenRequest(List.of(argv), Map.of("PATH", "/usr/bin:/bin", "HOME",
                tmp.toString()), Map.of("PS1", "$ "), tmp, 24, 80, null), SettlePolicy.STARTUP);
        return sessions.find(opened.sessionId());
    }

    private List<String> awaitLines(Path file, int count) throws Exception {
        // the program writes the file; there is no event to wait on
        Poll.until(file + " gets " + count + " lines", WAIT, () -> {
            try {
                return Files.exists(file) && Files.readAllLines(file).size() >= count;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        return Files.readAllLines(file);
    }

    @Test
    void urwidSeesALoneEscapeAndThenTheKeysButAnExplicitAltStaysOneKey() throws Exception {
        Path log = tmp.resolve("keys.log");
        Files.writeString(tmp.resolve("keys.py"), """
                import sys, urwid
                log = open(sys.argv[1], "w")
                text = urwid.Text("ready")
                def key(k):
                    log.write(repr(k) + "\\n"); log.flush()
                    text.set_text("got " + repr(k))
                    if k == "q":
                        raise urwid.ExitMainLoop()
                urwid.MainLoop(urwid.Filler(text), unhandled_input=key).run()
                """);
        TerminalSession s = open("python3", "keys.py", log.toString());
        s.await(new WaitCondition.Text("ready"), WAIT);
        s.keys(List.of("Escape", ":", "x", "M-:", "q"), SettlePolicy.ACTION);
        // Sent in one write, urwid reads ESC ':' as 'meta :'; the Escape is a key press of its own here.
        assertThat(awaitLines(log, 5)).containsExactly("'esc'", "':'", "'x'", "'meta :'", "'q'");
    }

    @Test
    void vimLeavesInsertModeAndWritesTheFileWithAndWithoutAShortEscapeTimeout() throws Exception {
        for (String timeout : List.of("ttimeoutlen=-1", "ttimeoutlen=100")) {
            Path file = tmp.resolve(timeout.replace('=', '_') + ".txt");
            TerminalSession s = open("vim", "-u", "NONE", "-N", "-n", "-c", "set " + timeout, file.toString());
            s.keys(List.of("i", "h", "i", "Escape", "O", "a", "b", "o", "v", "e", "Escape", ":", "w", "q", "Enter"),
                    SettlePolicy.ACTION);
            assertThat(s.await(new WaitCondition.Exited(), WAIT).exit().code()).isZero();
            assertThat(Files.readString(file)).isEqualTo("above\nhi\n");
        }
    }

    @Test
    void readlineStillTakesEscapeThenALetterAsAlt() {
        TerminalSession s = open("bash", "--norc", "--noprofile", "-i");
        s.await(new WaitCondition.Text("$ "), WAIT);
        s.type("echo one two", SettlePolicy.ACTION);
        // M-b moves back a word: readline waits for the key after ESC however long it takes
        s.keys(List.of("Escape", "b", "X", "Enter"), SettlePolicy.ACTION);
        assertThat(s.await(new WaitCondition.Regex(UserPattern.compile("(?m)^one Xtwo$", false)), WAIT).screen().lines())
                .contains("one Xtwo");
    }

    @Test
    void lessTakesEscapeThenACharacterAsItsTwoKeyCommand() throws Exception {
        Files.writeString(tmp.resolve("wide.txt"), "L".repeat(100) + "MARK\nshort\n");
        TerminalSession s = open("less", "-S", "wide.txt");
        assertThat(s.await(new WaitCondition.Text("short"), WAIT).screen().lines().getFirst()).doesNotContain("MARK");
        // ESC ) scrolls right by half a screen; less waits for the key after ESC however long it takes
        s.keys(List.of("Escape", ")"), SettlePolicy.ACTION);
        assertThat(s.await(new WaitCondition.Text("MARK"), WAIT).screen().lines().getFirst())
                .isEqualTo("L".repeat(60) + "MARK");
        s.keys(List.of("q"), SettlePolicy.ACTION);
        assertThat(s.await(new WaitCondition.Exited(), WAIT).exit().code()).isZero();
    }

    @Test
    void cursesGetsEscapeAndTheNextKeySeparately() throws Exception {
        Path log = tmp.resolve("curses.log");
        Files.writeString(tmp.resolve("keys.py"), """
                import curses, sys
                log = open(sys.argv[1], "w")
                def main(w):
                    w.keypad(True)
                    w.addstr(0, 0, "ready"); w.refresh()
                    while True:
                        k = w.getch()
                        log.write(curses.keyname(k).decode() + "\\n"); log.flush()
                        if k == ord("q"):
                            break
                curses.wrapper(main)
                """);
        TerminalSession s = open("python3", "keys.py", log.toString());
        s.await(new WaitCondition.Text("ready"), WAIT);
        s.keys(List.of("Escape", ":", "q"), SettlePolicy.ACTION);
        assertThat(awaitLines(log, 3)).containsExactly("^[", ":", "q");
    }

    @Test
    void aProgramEndingOnTheEscapeGetsNothingMoreAndTheErrorSaysTheEscapeArrived() {
        TerminalSession s = open("sh", "-c", "stty raw -echo; echo ready; exec dd bs=1 count=1 of=/dev/null 2>/dev/null");
        s.await(new WaitCondition.Text("ready"), WAIT);
        assertThatThrownBy(() -> s.keys(List.of("Escape", "x", "y"), SettlePolicy.ACTION))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.PROCESS_EXIT);
                    assertThat(e.delivery()).isEqualTo(Delivery.DELIVERED_UNVERIFIED);
                    assertThat(e.details()).containsEntry("bytes_written", 1L).containsKey("exit");
                });
        assertThat(s.await(new WaitCondition.Exited(), WAIT).exit().code()).isZero();
    }
}
