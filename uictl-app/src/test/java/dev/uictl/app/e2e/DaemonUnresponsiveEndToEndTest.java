package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.app.ContractAssert;
import dev.uictl.protocol.DaemonProcess;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * A daemon that cannot answer (stopped with SIGSTOP, as a debugger or a frozen job leaves it) used to hang every
 * client forever: the kernel queues the connection, so connect succeeds and the read never returns. Each client now
 * answers DAEMON_UNAVAILABLE within seconds, naming the pid and its state; `daemon stop` kills it and the next call
 * starts a fresh one. A real daemon is stopped; every test resumes or kills what it stopped. Bounds are generous
 * (15 s against a watch that looks once a second): the machine is shared.
 */
@Tag("e2e")
class DaemonUnresponsiveEndToEndTest {
    private static final Duration BOUND = Duration.ofSeconds(15);
    private Path runtimeDir;
    /** Daemons this test stopped: resumed after it whatever happened. */
    private final List<Long> stopped = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(Cli.built(), "run scripts/setup first");
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-hang");
    }

    @AfterEach
    void tearDown() throws Exception {
        for (long pid : stopped) {
            signal("CONT", pid);
        }
        Cli.stopAndRemove(runtimeDir);
    }

    private Cli cli(String client) {
        return new Cli(client, runtimeDir);
    }

    private static JsonNode envelope(Cli.Result r) {
        return r.envelope();
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aStoppedDaemonIsAnsweredUnavailableAndDaemonStopEndsIt(String client) throws Exception {
        assertThat(envelope(cli(client).run("term", "list")).get("success").asBoolean()).isTrue();
        long pid = stop(cli(client).daemonPid());

        for (String[] call : List.of(new String[] {"version"}, new String[] {"term", "list"},
                new String[] {"daemon", "status"})) {
            JsonNode error = unresponsive(timed(client, call), pid);
            assertThat(error.get("hint").asString()).contains("kill -CONT " + pid).contains("uictl daemon stop");
        }

        Timed stop = timed(client, "daemon", "stop");
        JsonNode stopped = envelope(stop.result());
        assertThat(stopped.get("success").asBoolean()).as(stop.result().stdout()).isTrue();
        assertThat(stopped.get("data").get("running").asBoolean()).isFalse();
        assertThat(stopped.get("data").get("forced").asBoolean()).isTrue();
        assertThat(gone(pid)).as("daemon %d killed", pid).isTrue();
        assertThat(cli(client).socket()).doesNotExist();

        JsonNode fresh = envelope(cli(client).run("version"));
        assertThat(fresh.get("success").asBoolean()).as(fresh.toString()).isTrue();
        assertThat(fresh.get("data").get("pid").asLong()).isNotEqualTo(pid);
    }

    @Test
    void restartReplacesAStoppedDaemon() throws Exception {
        envelope(cli("c").run("version"));
        long pid = stop(cli("c").daemonPid());

        Timed restart = timed("c", "daemon", "restart");
        JsonNode started = envelope(restart.result());
        assertThat(started.get("success").asBoolean()).as(restart.result().stdout()).isTrue();
        assertThat(started.get("data").get("forced").asBoolean()).isTrue();
        assertThat(started.get("data").get("pid").asLong()).isNotEqualTo(pid);
        assertThat(gone(pid)).isTrue();
        assertThat(envelope(cli("c").run("version")).get("data").get("pid").asLong())
                .isEqualTo(started.get("data").get("pid").asLong());
    }

    /** A call already waiting when the daemon is stopped is answered within seconds, not at its own 60 s timeout. */
    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aRequestInFlightWhenTheDaemonStopsIsAnsweredSoonAfter(String client) throws Exception {
        envelope(cli(client).run("term", "open", "--name", "held", "--", "sleep", "600"));
        long daemon = cli(client).daemonPid();
        Process waiting = cli(client).builder(Map.of(), "term", "wait", "held", "--text", "never-appears",
                "--timeout", "60000").start();
        Poll.until("the wait in flight", Duration.ofSeconds(20), () -> envelope(cli("c").run("daemon", "status"))
                .get("data").get("active_connections").asLong() >= 2);

        long start = System.nanoTime();
        stop(daemon);
        assertThat(waiting.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).as("answered within %s", BOUND).isTrue();
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        String out = new String(waiting.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        JsonNode error = ContractAssert.envelope(out.strip(), waiting.exitValue()).get("error");
        assertThat(error.get("code").asString()).as(out).isEqualTo("DAEMON_UNAVAILABLE");
        assertThat(error.get("details").get("kind").asString()).isEqualTo("daemon_unresponsive");
        assertThat(error.get("details").get("pid").asLong()).isEqualTo(daemon);
        assertThat(error.get("delivery").asString()).isEqualTo("delivery_uncertain");
        assertThat(waiting.exitValue()).isEqualTo(2);
        assertThat(elapsed).isLessThan(BOUND);
    }

    /** Watching the daemon's process never cuts short a long wait on a daemon that runs. */
    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aLongWaitOnARunningDaemonRunsItsFullTimeout(String client) throws Exception {
        envelope(cli(client).run("term", "open", "--name", "slow", "--", "sleep", "600"));
        Timed wait = timed(client, "term", "wait", "slow", "--text", "never-appears", "--timeout", "4500");
        JsonNode error = envelope(wait.result()).get("error");
        assertThat(error.get("code").asString()).as(wait.result().stdout()).isEqualTo("TIMEOUT");
        assertThat(wait.result().exit()).isEqualTo(4);
        assertThat(wait.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(4500));
    }

    private record Timed(Cli.Result result, Duration elapsed) {
    }

    private Timed timed(String client, String... args) {
        long start = System.nanoTime();
        Cli.Result r = cli(client).run(args);
        Timed t = new Timed(r, Duration.ofNanos(System.nanoTime() - start));
        assertThat(t.elapsed()).as("uictl %s answered within %s", String.join(" ", args), BOUND).isLessThan(BOUND);
        return t;
    }

    private static JsonNode unresponsive(Timed t, long pid) {
        JsonNode error = envelope(t.result()).get("error");
        assertThat(error.get("code").asString()).as(t.result().stdout()).isEqualTo("DAEMON_UNAVAILABLE");
        assertThat(t.result().exit()).isEqualTo(2);
        assertThat(error.get("details").get("kind").asString()).isEqualTo("daemon_unresponsive");
        assertThat(error.get("details").get("pid").asLong()).isEqualTo(pid);
        assertThat(error.get("details").get("state").asString()).isEqualTo("stopped");
        return error;
    }

    private long stop(long pid) throws Exception {
        stopped.add(pid);
        signal("STOP", pid);
        Poll.until("daemon " + pid + " stopped", () -> !new DaemonProcess(pid).state().canAnswer());
        return pid;
    }

    /** Gone as /proc shows it: a killed process may linger as a zombie until its parent reaps it. */
    private static boolean gone(long pid) {
        return new DaemonProcess(pid).state().equals(DaemonProcess.State.GONE);
    }

    private static void signal(String name, long pid) throws Exception {
        new ProcessBuilder("kill", "-" + name, Long.toString(pid)).redirectErrorStream(true).start().waitFor();
    }
}
