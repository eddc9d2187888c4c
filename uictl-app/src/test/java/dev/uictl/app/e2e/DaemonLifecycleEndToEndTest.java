package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.FrozenGroup;
import dev.uictl.app.UictlApp;
import dev.uictl.app.UictlRun;
import dev.uictl.core.json.Json;
import dev.uictl.protocol.Installation;
import dev.uictl.testkit.Poll;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Issue 9, item 2 and the daemon parts of item 3: one daemon per user and display (a second one refuses, naming
 * the first), stop drains and then cancels what is in flight, a connection cap with an error envelope past it, and
 * huge or negative numbers given to the daemon's own options.
 */
@Tag("e2e")
class DaemonLifecycleEndToEndTest {
    private Path runtimeDir;

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(Cli.built(), "run scripts/setup first");
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-life");
    }

    @AfterEach
    void tearDown() throws IOException {
        if (runtimeDir == null) {
            return;
        }
        cli("java").run("daemon", "stop");
        try (Stream<Path> files = Files.walk(runtimeDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private Cli cli(String client) {
        return new Cli(client, runtimeDir);
    }

    private static JsonNode envelope(Cli.Result r) {
        return r.envelope();
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aSecondDaemonRefusesNamingTheRunningOneAndItsSessionsSurvive(String client) throws Exception {
        JsonNode opened = envelope(cli(client).run("term", "open", "--name", "keep", "--", "sleep", "600"));
        assertThat(opened.get("success").asBoolean()).as(opened.toString()).isTrue();
        long pid = cli(client).daemonPid();

        Cli.Result second = cli(client).run("daemon", "run", "--idle-timeout", "0");
        JsonNode refused = envelope(second);
        assertThat(second.exit()).isEqualTo(1);
        assertThat(refused.get("error").get("code").asString()).isEqualTo("ACTION_FAILED");
        JsonNode details = refused.get("error").get("details");
        assertThat(details.get("kind").asString()).isEqualTo("daemon_running");
        assertThat(details.get("pid").asLong()).isEqualTo(pid);
        assertThat(details.get("socket").asString()).isEqualTo(cli(client).socket().toString());
        assertThat(details.get("started_at").asString()).isNotBlank();

        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isTrue();
        JsonNode list = envelope(cli(client).run("term", "list"));
        assertThat(list.toString()).contains("\"keep\"");
        assertThat(envelope(cli(client).run("version")).get("data").get("pid").asLong()).isEqualTo(pid);
    }

    /**
     * The same refusal from an app in this JVM (an app of its own: a daemon run takes over its app's identity),
     * naming the daemon whose process keeps serving.
     */
    @Test
    void aSecondDaemonStartedInProcessIsRefusedNamingTheRunningOne() throws Exception {
        envelope(cli("c").run("version"));
        long pid = cli("c").daemonPid();
        UictlApp second = new UictlApp(new Installation(Cli.HOME));
        try {
            JsonNode refused = ContractAssert.envelope(UictlRun.answering(second, "ACTION_FAILED",
                    Map.of("UICTL_RUNTIME_DIR", runtimeDir.toString(), "DISPLAY", ""), "", "daemon", "run",
                    "--idle-timeout", "1"));
            assertThat(refused.get("error").get("code").asString()).as(refused.toString()).isEqualTo("ACTION_FAILED");
            assertThat(refused.get("error").get("details").get("pid").asLong()).isEqualTo(pid);
        } finally {
            second.services().closeAll();
        }
        assertThat(envelope(cli("c").run("version")).get("data").get("pid").asLong()).isEqualTo(pid);
    }

    /** A request still running when the daemon stops gets an answer (cancelled), and its session's program ends. */
    @Test
    void stopCancelsWhatIsInFlightAnswersItAndEndsTheSessions() throws Exception {
        JsonNode opened = envelope(cli("c").run("term", "open", "--name", "long", "--", "sleep", "600"));
        long program = opened.get("data").get("pid").asLong();
        Process waiting = cli("c").builder(Map.of(), "term", "wait", "long", "--text", "never-appears",
                "--timeout", "60000").start();
        awaitConnections(2);
        long started = System.nanoTime();
        JsonNode stopped = envelope(cli("c").run("daemon", "stop", "--timeout", "15000"));
        assertThat(stopped.get("data").get("running").asBoolean()).isFalse();
        assertThat(waiting.waitFor(20, TimeUnit.SECONDS)).isTrue();
        String out = new String(waiting.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        JsonNode cancelled = ContractAssert.envelope(out.strip(), waiting.exitValue());
        assertThat(cancelled.get("error").get("code").asString()).as(out).isEqualTo("DAEMON_UNAVAILABLE");
        assertThat(cancelled.get("error").get("details").get("kind").asString()).isEqualTo("cancelled");
        assertThat(cancelled.get("error").get("message").asString()).contains("stopping");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(15));
        ProcessHandle.of(program).ifPresent(p -> p.onExit().orTimeout(10, TimeUnit.SECONDS).join());
        assertThat(ProcessHandle.of(program).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    /**
     * A stop that waits less than the daemon's drain (a call in flight gets 2 s) is TIMEOUT naming the pid, the
     * daemon still alive then; it exits all the same. The stop runs in-process (the module's daemon control against
     * the real daemon), the daemon's process is the oracle.
     */
    @Test
    void aStopWaitingLessThanTheDrainIsATimeoutAndTheDaemonExitsAllTheSame() throws Exception {
        envelope(cli("c").run("term", "open", "--name", "held", "--", "sleep", "600"));
        long pid = cli("c").daemonPid();
        Process waiting = cli("c").builder(Map.of(), "term", "wait", "held", "--text", "never-appears",
                "--timeout", "60000").start();
        awaitConnections(2);
        JsonNode stop = ContractAssert.envelope(UictlRun.run(Map.of("UICTL_RUNTIME_DIR", runtimeDir.toString(),
                "DISPLAY", ""), "", "daemon", "stop", "--timeout", "1000"));
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("still draining").isTrue();
        assertThat(stop.get("error").get("code").asString()).as(stop.toString()).isEqualTo("TIMEOUT");
        assertThat(stop.get("error").get("message").asString()).contains(Long.toString(pid));
        assertThat(stop.get("error").get("details").get("timeout_ms").asLong()).isEqualTo(1000);
        assertThat(waiting.waitFor(20, TimeUnit.SECONDS)).as("the call in flight was answered").isTrue();
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().orTimeout(15, TimeUnit.SECONDS).join());
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    /**
     * A restart whose daemon takes longer than the restart's 5 s to exit, because one of its sessions runs a program
     * SIGKILL cannot end (frozen, see {@link FrozenGroup}), is TIMEOUT naming the pid and starts no second daemon;
     * the old one exits all the same once it gives up on the program. The restart runs in-process (the module's
     * daemon control against the real daemon); the process table is the oracle.
     */
    @Test
    void aRestartWhoseDaemonCannotEndASessionInTimeIsATimeoutAndStartsNoOther() throws Exception {
        FrozenGroup.require();
        JsonNode opened = envelope(cli("c").run("term", "open", "--name", "frozen", "--", "sleep", "600"));
        long program = opened.get("data").get("pid").asLong();
        long pid = cli("c").daemonPid();
        Map<String, String> env = Map.of("UICTL_RUNTIME_DIR", runtimeDir.toString(), "DISPLAY", "");
        try (FrozenGroup frozen = FrozenGroup.freeze(program)) {
            JsonNode restart = ContractAssert.envelope(UictlRun.run(env, "", "daemon", "restart"));
            assertThat(restart.get("error").get("code").asString()).as(restart.toString()).isEqualTo("TIMEOUT");
            assertThat(restart.get("error").get("message").asString()).contains(Long.toString(pid));
            assertThat(alive(pid)).as("still ending its sessions").isTrue();
            ProcessHandle.of(pid).ifPresent(p -> p.onExit().orTimeout(30, TimeUnit.SECONDS).join());
            JsonNode status = ContractAssert.envelope(UictlRun.run(env, "", "daemon", "status"));
            assertThat(status.get("data").get("running").asBoolean()).as(status.toString()).isFalse();
            frozen.thaw();
            ProcessHandle.of(program).ifPresent(p -> p.onExit().orTimeout(10, TimeUnit.SECONDS).join());
        }
        assertThat(alive(program)).isFalse();
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void pastTheConnectionCapClientsGetAnErrorEnvelope(String client) throws Exception {
        Map<String, String> capped = Map.of("UICTL_MAX_CONNECTIONS", "2");
        envelope(cli(client).run(capped, "", "version"));
        // Two serve sessions hold the two connections; each answering a request proves it was admitted.
        Process first = heldSession(client, capped);
        Process second = heldSession(client, capped);
        try {
            JsonNode refused = awaitRefusal(client);
            assertThat(refused.get("error").get("details").get("max_connections").asInt()).isEqualTo(2);
        } finally {
            first.getOutputStream().close();
            second.getOutputStream().close();
        }
        assertThat(first.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(second.waitFor(20, TimeUnit.SECONDS)).isTrue();
        awaitServed(client);
    }

    @Test
    void aHugeIdleTimeoutIsRefusedNamingItsRange() {
        // It used to kill the watchdog thread; now it never reaches the daemon: the range is checked at the edge.
        Cli.Result r = cli("c").run("daemon", "run", "--idle-timeout", "9223372036854775807");
        assertThat(r.exit()).isEqualTo(3);
        JsonNode error = envelope(r).get("error");
        assertThat(error.get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(error.get("message").asString()).contains("--idle-timeout").contains("..");
        assertThat(cli("c").socket()).doesNotExist();
    }

    @Test
    void aNegativeStopTimeoutIsInvalid() {
        Cli.Result r = cli("c").run("daemon", "stop", "--timeout", "-1");
        assertThat(r.exit()).isEqualTo(3);
        assertThat(envelope(r).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
    }

    /** Through the daemon: management requests inside serve are refused and the session keeps answering. */
    @Test
    void daemonStopInsideServeIsRefusedAndTheSessionGoesOn() throws Exception {
        envelope(cli("c").run("version"));
        long pid = cli("c").daemonPid();
        Process p = cli("c").builder(Map.of(), "serve", "--stdio").start();
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(("{\"id\":1,\"argv\":[\"daemon\",\"stop\"]}\n{\"id\":2,\"argv\":[\"daemon\",\"restart\"]}\n"
                    + "{\"id\":3,\"argv\":[\"term\",\"attach\",\"x\"]}\n{\"id\":4,\"argv\":[\"version\"]}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            for (int id = 1; id <= 3; id++) {
                JsonNode r = Json.parse(out.readLine());
                assertThat(r.get("id").asInt()).isEqualTo(id);
                assertThat(r.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
            }
            JsonNode version = Json.parse(out.readLine());
            assertThat(version.get("data").get("pid").asLong()).isEqualTo(pid);
        }
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isTrue();
    }

    private JsonNode awaitRefusal(String client) {
        Cli.Result r = Poll.value("the connection cap reached", Duration.ofSeconds(20), () -> {
            Cli.Result attempt = cli(client).run("version");
            return envelope(attempt).get("success").asBoolean() ? Optional.empty() : Optional.of(attempt);
        });
        JsonNode e = envelope(r);
        assertThat(e.get("error").get("code").asString()).as(r.stdout()).isEqualTo("DAEMON_UNAVAILABLE");
        assertThat(e.get("error").get("details").get("kind").asString()).isEqualTo("connection_limit");
        assertThat(r.exit()).isEqualTo(2);
        return e;
    }

    private void awaitServed(String client) {
        Poll.until("served again", Duration.ofSeconds(20),
                () -> envelope(cli(client).run("version")).get("success").asBoolean());
    }

    private void awaitConnections(long count) {
        Poll.until("a call in flight", Duration.ofSeconds(20), () -> envelope(cli("c").run("daemon", "status"))
                .get("data").get("active_connections").asLong() >= count);
    }

    /**
     * A serve session that answered one request, so it holds an admitted connection. A session refused because a
     * previous connection had not yet been released answers with an error; it is then retried.
     */
    private Process heldSession(String client, Map<String, String> env) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            Process p = cli(client).builder(env, "serve", "--stdio").start();
            OutputStream in = p.getOutputStream();
            in.write("{\"id\":1,\"argv\":[\"version\"]}\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            if (line != null && Json.parse(line).get("success").asBoolean()) {
                return p;
            }
            in.close();
            p.waitFor(20, TimeUnit.SECONDS);
            assertThat(System.nanoTime()).as("a serve session admitted within 20 s").isLessThan(deadline);
        }
    }
}
