package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Issue 31, item 2: the first call after the daemon was SIGKILLed (the OOM killer) failed with DAEMON_UNAVAILABLE
 * "lost the daemon mid-request", delivery_uncertain, in milliseconds; the call after it worked. A dying daemon's
 * listener lingers for a moment, so the call connected and sent its request, and the kernel reset the connection it
 * never accepted. Such a request was never read: the client now starts a daemon and sends it there.
 */
@Tag("e2e")
class DaemonKilledEndToEndTest {
    private Path runtimeDir;

    @BeforeEach
    void setUp() throws IOException {
        Cli.requireBuilt();
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-killed");
    }

    @AfterEach
    void tearDown() throws IOException {
        Cli.stopAndRemove(runtimeDir);
    }

    private Cli cli(String client) {
        return new Cli(client, runtimeDir);
    }

    /** The report: SIGKILL, and at once the next call. */
    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void theCallRightAfterASigkillRunsOnANewDaemon(String client) throws IOException {
        long killed = startedDaemon(client);
        ProcessHandle.of(killed).orElseThrow().destroyForcibly();
        assertRanOnANewDaemon(cli(client).run("version"), killed);
    }

    /**
     * The window made certain: the call's connection waits in the queue of a frozen daemon, which is then killed,
     * so the kernel resets a connection whose request no daemon read.
     */
    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aCallQueuedAtADaemonThatIsKilledRunsOnANewDaemon(String client) throws Exception {
        long killed = startedDaemon(client);
        signal("STOP", killed);
        Process call;
        try {
            call = cli(client).builder(Map.of(), "version").start();
            // Killed well within the second after which a client gives up on a stopped daemon (its watch period)
            Poll.until("the call's connection queued at the frozen daemon", Duration.ofSeconds(20),
                    this::aConnectionIsQueued);
        } finally {
            ProcessHandle.of(killed).ifPresent(ProcessHandle::destroyForcibly);
        }
        assertThat(call.waitFor(60, TimeUnit.SECONDS)).as("the call ends").isTrue();
        String stdout = new String(call.getInputStream().readAllBytes());
        String stderr = new String(call.getErrorStream().readAllBytes());
        assertRanOnANewDaemon(new Cli.Result(call.exitValue(), stdout, stderr), killed);
    }

    private long startedDaemon(String client) throws IOException {
        JsonNode first = cli(client).run("version").envelope();
        assertThat(first.get("success").asBoolean()).as(first.toString()).isTrue();
        return cli(client).daemonPid();
    }

    private void assertRanOnANewDaemon(Cli.Result call, long killed) throws IOException {
        JsonNode version = call.envelope();
        assertThat(version.get("success").asBoolean()).as(call.stdout() + call.stderr()).isTrue();
        long pid = version.get("data").get("pid").asLong();
        assertThat(pid).isNotEqualTo(killed).isEqualTo(cli("c").daemonPid());
    }

    /**
     * A connection the daemon has not accepted shows in /proc/net/unix with inode 0 (it has no file yet) under the
     * address the listener was bound to: a temporary name in the runtime directory, renamed into place since.
     */
    private boolean aConnectionIsQueued() {
        String dir = runtimeDir + "/";
        try {
            return Files.readAllLines(Path.of("/proc/net/unix")).stream().map(l -> l.trim().split("\\s+"))
                    .anyMatch(f -> f.length == 8 && f[7].startsWith(dir) && f[6].equals("0"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void signal(String name, long pid) throws Exception {
        new ProcessBuilder("kill", "-" + name, Long.toString(pid)).redirectErrorStream(true).start().waitFor();
    }
}
