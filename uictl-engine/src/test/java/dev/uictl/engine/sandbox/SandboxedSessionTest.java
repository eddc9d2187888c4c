package dev.uictl.engine.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.engine.terminal.ActionResult;
import dev.uictl.engine.terminal.OpenRequest;
import dev.uictl.engine.terminal.SettlePolicy;
import dev.uictl.engine.terminal.TerminalSession;
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.engine.terminal.WaitCondition;
import dev.uictl.sandbox.PolicyOverrides;
import dev.uictl.sandbox.SandboxedCommand;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An interactive shell in the sandbox keeps job control, and the terminal's foreground process group is the real
 * program (what settle detection and the Escape handshake watch), not bwrap: checked in /proc from outside.
 */
class SandboxedSessionTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private SandboxFixture fx;
    private Sandboxes sandboxes;
    private TerminalSessions sessions;
    private Path work;

    @BeforeEach
    void setUp() throws Exception {
        fx = new SandboxFixture();
        sandboxes = fx.sandboxes();
        sessions = new TerminalSessions();
        work = fx.dir("work", "rwxr-xr-x");
    }

    @AfterEach
    void tearDown() throws Exception {
        sessions.close();
        sandboxes.close();
        fx.close();
    }

    private TerminalSession shell() {
        PolicyRequest policy = PolicyRequest.ofFile(null, new PolicyOverrides(null, false, null, false, List.of(),
                List.of(work), true, List.of(Path.of("/usr/bin/bash"), Path.of("/usr/bin/cat"),
                Path.of("/usr/bin/sleep")), true, List.of(), Map.of("PS1", "$ "), null, null));
        SandboxedCommand sc = sandboxes.prepare(policy, List.of("bash", "--norc", "--noprofile", "-i"), work, Map.of());
        var opened = sessions.open(new OpenRequest(sc.programArgv(), Map.of(), Map.of(), sc.programCwd(), 24, 80, null,
                sc), SettlePolicy.STARTUP);
        TerminalSession s = sessions.find(opened.sessionId());
        s.await(new WaitCondition.Text("$ "), WAIT);
        return s;
    }

    /** The executable of the terminal's foreground process group leader, read from bwrap's /proc/PID/stat tpgid. */
    private static Optional<String> foregroundExe(int sessionLeader) {
        try {
            String stat = Files.readString(Path.of("/proc", Integer.toString(sessionLeader), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            int tpgid = Integer.parseInt(f[5]);
            return Optional.of(Files.readSymbolicLink(Path.of("/proc", Integer.toString(tpgid), "exe")).toString());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Test
    void theForegroundIsTheProgramAndCtrlCReachesIt() {
        TerminalSession s = shell();
        assertThat(foregroundExe(s.pid())).contains("/usr/bin/bash");
        ActionResult typed = s.type("cat\r", SettlePolicy.ACTION);
        assertThat(typed.settled()).isTrue();
        Poll.until("cat in the foreground", WAIT, () -> foregroundExe(s.pid()).equals(Optional.of("/usr/bin/cat")));
        ActionResult echoed = s.type("hello\r", SettlePolicy.ACTION);
        assertThat(echoed.screen().lines()).contains("hello");
        s.keys(List.of("C-c"), SettlePolicy.ACTION);
        Poll.until("bash back in the foreground", WAIT, () -> foregroundExe(s.pid()).equals(Optional.of("/usr/bin/bash")));
        assertThat(s.info().running()).as("Ctrl-C ended cat, not the sandbox").isTrue();
    }

    @Test
    void theSandboxOutlivesTheThreadThatOpenedIt() throws Exception {
        // bwrap --die-with-parent is killed when its parent *thread* ends; request threads come and go.
        TerminalSession[] opened = new TerminalSession[1];
        Thread t = Thread.ofPlatform().start(() -> opened[0] = shell());
        t.join();
        TerminalSession s = opened[0];
        assertThat(Poll.holdsWithin(Duration.ofMillis(500), () -> !s.info().running())).as("the sandbox died").isFalse();
        s.type("echo still-$((40+2))\r", SettlePolicy.ACTION);
        s.await(new WaitCondition.Text("still-42"), WAIT);
        assertThat(s.info().running()).isTrue();
    }

    @Test
    void jobControlWorksInsideTheSandbox() {
        TerminalSession s = shell();
        s.type("sleep 300\r", SettlePolicy.ACTION);
        Poll.until("sleep in the foreground", WAIT, () -> foregroundExe(s.pid()).equals(Optional.of("/usr/bin/sleep")));
        s.keys(List.of("C-z"), SettlePolicy.ACTION);
        s.await(new WaitCondition.Text("Stopped"), WAIT);
        s.type("bg\r", SettlePolicy.ACTION);
        s.type("jobs\r", SettlePolicy.ACTION);
        var w = s.await(new WaitCondition.Text("Running"), WAIT);
        assertThat(String.join("\n", w.screen().lines())).contains("sleep 300 &");
        assertThat(foregroundExe(s.pid())).contains("/usr/bin/bash");
    }
}
