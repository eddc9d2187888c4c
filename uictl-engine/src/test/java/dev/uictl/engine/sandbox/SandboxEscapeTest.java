package dev.uictl.engine.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.terminal.OpenRequest;
import dev.uictl.engine.terminal.SettlePolicy;
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.sandbox.Policy;
import dev.uictl.sandbox.PolicyOverrides;
import dev.uictl.sandbox.SandboxedCommand;
import dev.uictl.testkit.Poll;
import dev.uictl.testkit.Requires;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tries to get out of the sandbox the ways issue 10 lists and checks each attempt failed with an oracle outside
 * it: the test's own loopback listener saw no connection, the file outside is unchanged, /proc shows nothing left.
 * Runs as root through a real terminal session, and as an unprivileged user (setpriv to nobody) through the same
 * bwrap command line. A control run of the same probe without the sandbox shows each probe can succeed.
 */
class SandboxEscapeTest {
    private static final String BASH = "/usr/bin/bash";
    private SandboxFixture fx;
    private Sandboxes sandboxes;
    private ServerSocket listener;
    private Path work;
    private Path outside;

    @BeforeEach
    void setUp() throws Exception {
        fx = new SandboxFixture();
        sandboxes = fx.sandboxes();
        work = fx.dir("work", "rwxrwxrwx");
        outside = fx.dir("outside", "rwxrwxrwx");
        Files.writeString(outside.resolve("secret"), "top-secret\n");
        Files.createSymbolicLink(work.resolve("link"), outside);
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        listener.setSoTimeout(200);
    }

    @AfterEach
    void tearDown() throws Exception {
        listener.close();
        sandboxes.close();
        fx.close();
    }

    /** Each escape attempt prints NAME=ok when it got through, NAME=denied otherwise; "done" ends the report. */
    private String probe(long outsidePid) {
        return String.join("\n",
                "exec 2>/dev/null",
                "r=" + work + "/results",
                "{",
                "(exec 3<>/dev/tcp/127.0.0.1/" + listener.getLocalPort() + ") && echo connect=ok || echo connect=denied",
                "(read -r l < " + outside + "/secret && [ \"$l\" = top-secret ]) && echo read=ok || echo read=denied",
                "(read -r l < " + work + "/link/secret && [ \"$l\" = top-secret ]) && echo symlink=ok || echo symlink=denied",
                "(echo pwned > " + outside + "/written) && echo write=ok || echo write=denied",
                "(echo fine > " + work + "/written) && echo allowed_write=ok || echo allowed_write=denied",
                "(/usr/bin/id -u > /dev/null) && echo exec=ok || echo exec=denied",
                "(kill -0 " + outsidePid + ") && echo signal=ok || echo signal=denied",
                "echo \"env=${LD_PRELOAD:-none}\"",
                // bash reports which call failed: socket() refused by seccomp, not connect() by the namespace
                "echo \"inet_error=$( (exec 3<>/dev/tcp/127.0.0.1/" + listener.getLocalPort() + ") 2>&1 )\"",
                "echo done",
                "} > $r");
    }

    private PolicyRequest policy(Map<String, String> envSet) {
        return PolicyRequest.ofFile(null, new PolicyOverrides(null, false, null, false, List.of(), List.of(work), true,
                List.of(Path.of(BASH), Path.of("/usr/bin/sleep")), true, List.of(), envSet, null, null));
    }

    private Map<String, String> results() throws IOException {
        Path r = work.resolve("results");
        Poll.until("the probe's complete report", Duration.ofSeconds(20), () -> {
            try {
                return Files.exists(r) && Files.readString(r).endsWith("done\n");
            } catch (IOException e) {
                return false;
            }
        });
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(r)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                out.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return out;
    }

    private void assertNoEscape(Map<String, String> r) throws IOException {
        assertThat(r).containsEntry("connect", "denied").containsEntry("read", "denied")
                .containsEntry("symlink", "denied").containsEntry("write", "denied").containsEntry("exec", "denied")
                .containsEntry("signal", "denied").containsEntry("allowed_write", "ok").containsEntry("env", "none");
        assertThat(r.get("inet_error")).as("seccomp refuses AF_INET sockets").contains("Address family not supported");
        assertThat(Files.exists(outside.resolve("written"))).as("a file written outside the allowlist").isFalse();
        assertThat(Files.readString(work.resolve("written"))).isEqualTo("fine\n");
        assertNoConnectionArrived();
    }

    private void assertNoConnectionArrived() throws IOException {
        try {
            listener.accept().close();
            throw new AssertionError("the loopback listener outside the sandbox accepted a connection");
        } catch (SocketTimeoutException expected) {
            // nothing connected
        }
    }

    @Test
    void asRootInATerminalSessionEveryEscapeFailsAndNothingSurvivesClose() throws Exception {
        long me = ProcessHandle.current().pid();
        String script = probe(me) + "\nsleep 3137 & exec sleep 3138\n";
        SandboxedCommand sc = sandboxes.prepare(policy(Map.of()), List.of(BASH, "-c", script), work, System.getenv());
        assertThat(sc.enforcement()).contains("bwrap", "pid-namespace", "network-namespace", "seccomp-network");
        try (TerminalSessions sessions = new TerminalSessions()) {
            var opened = sessions.open(new OpenRequest(sc.programArgv(), Map.of(), Map.of(), sc.programCwd(), 24, 80,
                    null, sc), SettlePolicy.STARTUP);
            assertThat(opened.argv().getFirst()).isEqualTo(BASH);
            assertNoEscape(results());
            Poll.until("the sandboxed sleeps", () -> !sleeps().isEmpty());
            sessions.close(opened.sessionId(), "HUP", Duration.ofMillis(500));
            Poll.until("no sandboxed process left", () -> sleeps().isEmpty());
        }
    }

    @Test
    void asAnUnprivilegedUserEveryEscapeFails() throws Exception {
        Requires.program("setpriv");
        long me = ProcessHandle.current().pid();
        SandboxedCommand sc = sandboxes.prepare(policy(Map.of()), List.of(BASH, "-c", probe(me)), work, System.getenv());
        assertThat(runAsNobody(sc)).isZero();
        assertNoEscape(results());
    }

    @Test
    void withoutTheSandboxTheSameProbesGetThrough() throws Exception {
        Requires.program("setpriv");
        // The control: the probe itself can detect each escape, so the denials above are the sandbox's doing.
        SandboxedCommand plain = new SandboxedCommand(List.of(BASH, "-c", probe(ProcessHandle.current().pid())),
                Map.of(), work, List.of(), List.of(BASH), work, List.of());
        assertThat(runAsNobody(plain)).isZero();
        Map<String, String> r = results();
        assertThat(r).containsEntry("connect", "ok").containsEntry("read", "ok").containsEntry("symlink", "ok")
                .containsEntry("write", "ok").containsEntry("exec", "ok").containsEntry("allowed_write", "ok");
        listener.accept().close();
    }

    @Test
    void explainListsEveryViolationAndWhatWouldEnforceWithoutRunning() {
        PolicyExplanation bad = sandboxes.explain(PolicyRequest.ofFile(null, new PolicyOverrides(null, false,
                Policy.NetworkMode.ENABLED, false, List.of(Path.of("/")), List.of(), false, List.of(), false,
                List.of("LD_AUDIT"), Map.of(), null, null)), List.of("/usr/bin/id"), work, Map.of());
        assertThat(bad.allowed()).isFalse();
        assertThat(bad.violations()).extracting(v -> v.get("field")).contains("network_unsafe_ack",
                "fs.allowed_read[0]", "env.allowlist[0]", "command", "cwd");
        PolicyExplanation good = sandboxes.explain(policy(Map.of()), List.of(BASH, "-c", "touch " + work + "/ran"),
                work, Map.of());
        assertThat(good.allowed()).as(good.violations().toString()).isTrue();
        assertThat(good.enforcement()).contains("bwrap", "network-namespace", "seccomp-network");
        assertThat(good.policy()).containsEntry("sandbox", "bwrap");
        assertThat(work.resolve("ran")).doesNotExist();
    }

    @Test
    void ldPreloadIsRefusedBeforeAnythingRuns() {
        assertThatThrownBy(() -> sandboxes.prepare(policy(Map.of("LD_PRELOAD", work + "/evil.so")),
                List.of(BASH, "-c", "true"), work, System.getenv()))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.POLICY_DENIED);
                    assertThat(e.details().get("violations").toString()).contains("env.set.LD_PRELOAD", "dangerous_env");
                });
    }

    @Test
    void sandboxNoneNeedsBothAcknowledgementsAndAMissingBwrapIsUnavailableNotADowngrade() {
        PolicyRequest none = PolicyRequest.ofFile(null, new PolicyOverrides(Policy.SandboxMode.NONE, true, null, false,
                List.of(), List.of(), false, List.of(Path.of("/usr/bin/true")), false, List.of(), Map.of(), null, null));
        assertThatThrownBy(() -> sandboxes.prepare(none, List.of("/usr/bin/true"), work, Map.of()))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.POLICY_DENIED));
        Sandboxes noBwrap = new Sandboxes(new dev.uictl.sandbox.Sandbox.Tools(fx.root.resolve("no-bwrap"), fx.helper));
        PolicyRequest ok = PolicyRequest.ofFile(null, new PolicyOverrides(null, false, null, false, List.of(work),
                List.of(), false, List.of(Path.of("/usr/bin/true")), false, List.of(), Map.of(), null, null));
        assertThatThrownBy(() -> noBwrap.prepare(ok, List.of("/usr/bin/true"), work, Map.of()))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_UNAVAILABLE);
                    assertThat(e.hint()).contains("apt-get install -y bubblewrap");
                });
        noBwrap.close();
    }

    /**
     * Runs the prepared command as nobody: a root shell opens the inherited files (the seccomp program lives in a
     * private directory) on their descriptors, then setpriv drops to uid/gid 65534 and execs it.
     */
    private int runAsNobody(SandboxedCommand sc) throws Exception {
        StringBuilder opens = new StringBuilder();
        for (SandboxedCommand.InheritedFile f : sc.inheritedFiles()) {
            opens.append("exec ").append(f.fd()).append("<'").append(f.path()).append("'; ");
        }
        List<String> argv = new ArrayList<>(List.of("/bin/sh", "-c", opens + "exec setpriv --reuid=65534 "
                + "--regid=65534 --clear-groups \"$@\"", "sh"));
        argv.addAll(sc.argv());
        ProcessBuilder pb = new ProcessBuilder(argv).directory(sc.cwd().toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().putAll(sc.environment());
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(out).doesNotContain("uictl-sandbox-exec:");
        return p.exitValue();
    }

    /** Processes running {@code sleep 3137} or {@code sleep 3138}, from /proc. */
    private static List<Long> sleeps() {
        return ProcessHandle.allProcesses().filter(h -> {
            try {
                String cmd = Files.readString(Path.of("/proc", Long.toString(h.pid()), "cmdline"));
                return cmd.equals("sleep\0" + "3137\0") || cmd.equals("sleep\0" + "3138\0")
                        || cmd.equals("/usr/bin/sleep\0" + "3137\0") || cmd.equals("/usr/bin/sleep\0" + "3138\0");
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }).map(ProcessHandle::pid).toList();
    }
}
