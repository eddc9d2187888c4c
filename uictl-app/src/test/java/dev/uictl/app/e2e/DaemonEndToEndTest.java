package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import dev.uictl.testkit.Requires;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** The built client and daemon as a user runs them; every scenario through the C and the Java client. */
@Tag("e2e")
class DaemonEndToEndTest {
    private Path runtimeDir;

    @BeforeEach
    void setUp() throws IOException {
        Cli.requireBuilt();
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-e2e");
    }

    @AfterEach
    void tearDown() throws IOException {
        if (runtimeDir == null) {
            return;
        }
        new Cli("java", runtimeDir).run("daemon", "stop");
        try (Stream<Path> files = Files.walk(runtimeDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private Cli cli(String client) {
        return new Cli(client, runtimeDir);
    }

    private static JsonNode envelope(Cli.Result r) {
        return ContractAssert.envelope(new dev.uictl.app.UictlRun.Output(r.exit(), r.stdout(), r.stderr()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void firstCallStartsThePrivateDaemonAndLaterCallsReuseIt(String client) throws IOException {
        JsonNode first = envelope(cli(client).run("version"));
        assertThat(first.get("data").get("mode").asString()).isEqualTo("daemon");
        long pid = first.get("data").get("pid").asLong();
        assertThat(envelope(cli(client).run("version")).get("data").get("pid").asLong()).isEqualTo(pid);
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(cli(client).socket()))).isEqualTo("rw-------");
        // A runtime directory the daemon creates itself is private to the user.
        Cli fresh = new Cli(client, runtimeDir.resolve("fresh"));
        try {
            assertThat(envelope(fresh.run("version")).get("data").get("mode").asString()).isEqualTo("daemon");
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(fresh.runtimeDir()))).isEqualTo("rwx------");
        } finally {
            fresh.run("daemon", "stop");
        }
    }

    /**
     * Reproduced: an answer larger than a frame may be (16 MiB) reached the client as one frame, which it refused:
     * "lost the daemon mid-request" though the daemon had run the command. The answer now comes in frames of at most
     * 1 MiB: a batch of 100 capabilities documents (about 18 MB) arrives whole, as one envelope.
     */
    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void anAnswerLargerThanAFrameArrivesWhole(String client) {
        int items = 100;
        String batch = "[" + String.join(",", java.util.Collections.nCopies(items, "[\"capabilities\"]")) + "]";
        Cli.Result r = cli(client).run(Map.of(), batch, "batch");
        assertThat(r.stdout().length()).as("bigger than one frame").isGreaterThan(16 << 20);
        JsonNode e = envelope(r);
        assertThat(e.get("success").asBoolean()).isTrue();
        assertThat(e.get("data").get("results").size()).isEqualTo(items);
        assertThat(e.get("data").get("results").get(items - 1).get("success").asBoolean()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void errorsTravelThroughTheDaemonWithTheirExitCodes(String client) {
        Cli.Result r = cli(client).run("no-such-command");
        assertThat(envelope(r).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(r.exit()).isEqualTo(3);
        Cli.Result missing = cli(client).run("schema");
        assertThat(missing.exit()).isEqualTo(3);
        assertThat(envelope(missing).get("error").get("code").asString()).isEqualTo("MISSING_REQUIRED");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aKilledDaemonLeavesAStaleSocketThatTheNextCallReplaces(String client) throws Exception {
        envelope(cli(client).run("version"));
        long pid = cli(client).daemonPid();
        ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow();
        daemon.destroyForcibly();
        daemon.onExit().get(10, TimeUnit.SECONDS);
        assertThat(cli(client).socket()).exists();
        Cli.Result r = cli(client).run("version");
        assertThat(envelope(r).get("data").get("pid").asLong()).isNotEqualTo(pid);
        assertThat(r.stderr()).contains("stale socket");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aRemovedSocketGetsANewDaemonAndTheOrphanExits(String client) throws Exception {
        envelope(cli(client).run("version"));
        long old = cli(client).daemonPid();
        Files.delete(cli(client).socket());
        long fresh = envelope(cli(client).run("version")).get("data").get("pid").asLong();
        assertThat(fresh).isNotEqualTo(old);
        ProcessHandle.of(old).ifPresent(p -> p.onExit().orTimeout(15, TimeUnit.SECONDS).join());
        assertThat(ProcessHandle.of(old).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void anotherUsersSocketIsRefused(String client) throws Exception {
        Requires.that("root".equals(System.getProperty("user.name")), "root (to hand a socket to another uid)");
        Files.setPosixFilePermissions(runtimeDir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        try (ServerSocketChannel foreign = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            foreign.bind(UnixDomainSocketAddress.of(cli(client).socket()));
            UserPrincipal nobody = runtimeDir.getFileSystem().getUserPrincipalLookupService()
                    .lookupPrincipalByName("nobody");
            Files.setOwner(cli(client).socket(), nobody);
            Cli.Result r = cli(client).run("version");
            assertThat(envelope(r).get("error").get("code").asString()).isEqualTo("PERMISSION_DENIED");
            assertThat(r.exit()).isEqualTo(9);
        }
        Files.deleteIfExists(cli(client).socket());
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aDaemonKilledMidCallGivesAnUncertainDeliveryError(String client) throws Exception {
        envelope(cli(client).run("version"));
        long pid = cli(client).daemonPid();
        // batch waits for stdin that never ends, so the call is in flight when the daemon dies.
        Process p = cli(client).builder(Map.of(), "batch").start();
        awaitConnections(2); // the batch call in flight plus the status call that observes it
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        JsonNode e = ContractAssert.envelope(out.strip(), p.exitValue());
        assertThat(e.get("error").get("code").asString()).isEqualTo("DAEMON_UNAVAILABLE");
        assertThat(e.get("error").get("delivery").asString()).isEqualTo("delivery_uncertain");
        assertThat(p.exitValue()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void stdinReachesCommandsThatReadIt(String client) {
        // The second item fails, so the batch fails with its code and carries both envelopes.
        JsonNode error = envelope(cli(client).run(Map.of(), "[[\"version\"],[\"nope\"]]", "batch")).get("error");
        assertThat(error.get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(error.get("details").get("total").asInt()).isEqualTo(2);
        assertThat(error.get("details").get("failed").asInt()).isEqualTo(1);
        assertThat(error.get("details").get("results").get(0).get("command").asString()).isEqualTo("version");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void serveStdioStreamsOneReplyPerRequestAsTheyArrive(String client) throws Exception {
        Process p = cli(client).builder(Map.of(), "serve", "--stdio").start();
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.write("{\"id\":7,\"argv\":[\"version\"]}\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            JsonNode first = Json.parse(out.readLine());
            assertThat(first.get("id").asInt()).isEqualTo(7);
            assertThat(first.get("success").asBoolean()).isTrue();
            in.write("garbage\n{\"id\":8,\"command\":\"schema\",\"args\":{\"type\":\"tools\"}}\n"
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            assertThat(Json.parse(out.readLine()).get("error").get("code").asString()).isEqualTo("PROTOCOL_ERROR");
            assertThat(Json.parse(out.readLine()).get("id").asInt()).isEqualTo(8);
        }
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void daemonManagementCommandsReportAndStop(String client) throws Exception {
        JsonNode before = envelope(cli(client).run("daemon", "status")).get("data");
        assertThat(before.get("running").asBoolean()).isFalse();
        JsonNode started = envelope(cli(client).run("daemon", "start")).get("data");
        assertThat(started.get("running").asBoolean()).isTrue();
        long pid = started.get("pid").asLong();
        JsonNode status = envelope(cli(client).run("daemon", "status")).get("data");
        assertThat(status.get("pid").asLong()).isEqualTo(pid);
        assertThat(status.get("rss_kb").asLong()).isPositive();
        JsonNode stopped = envelope(cli(client).run("daemon", "stop")).get("data");
        assertThat(stopped.get("running").asBoolean()).isFalse();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(cli(client).socket()).doesNotExist();
    }

    @Test
    void theDaemonExitsAfterItsIdleTimeout() throws Exception {
        envelope(cli("c").run(Map.of("UICTL_IDLE_TIMEOUT", "1"), "", "version"));
        long pid = cli("c").daemonPid();
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().orTimeout(15, TimeUnit.SECONDS).join());
        assertThat(cli("c").socket()).doesNotExist();
    }

    /** Open sessions would die with the daemon, so idle expiry waits for them to close. */
    @Test
    void anOpenTerminalSessionKeepsAnIdleDaemonAlive() throws Exception {
        envelope(cli("c").run(Map.of("UICTL_IDLE_TIMEOUT", "1"), "", "term", "open", "--name", "keep", "--", "sleep",
                "600"));
        ProcessHandle daemon = ProcessHandle.of(cli("c").daemonPid()).orElseThrow();
        long idleSince = System.nanoTime();
        long checks = watchdogChecks(daemon.pid());
        // Observed, not slept: the expiry check has run three more times, the last one well past the idle timeout.
        Poll.until("three idle expiry checks", Duration.ofSeconds(20), () -> !daemon.isAlive()
                || watchdogChecks(daemon.pid()) >= checks + 3 && System.nanoTime() - idleSince > 2_000_000_000L);
        assertThat(daemon.isAlive()).as("an idle daemon with an open session").isTrue();
        envelope(cli("c").run("term", "close", "keep"));
        daemon.onExit().orTimeout(15, TimeUnit.SECONDS).join();
        assertThat(cli("c").socket()).doesNotExist();
    }

    @Test
    void noDaemonRunsInTheCallersProcess() {
        JsonNode e = envelope(cli("c").run("version", "--no-daemon"));
        assertThat(e.get("data").get("mode").asString()).isEqualTo("in-process");
        assertThat(cli("c").socket()).doesNotExist();
    }

    /**
     * 1,000 mixed requests from 8 concurrent clients: all answered, and no descriptors or threads leak. A warm-up
     * burst first lets the JVM reach its steady state (compiler threads and virtual-thread carriers are created on
     * demand), so growth after the measured burst can only come from requests.
     */
    @Test
    void concurrentClientsGetTheirOwnAnswersWithoutLeaks() throws Exception {
        envelope(cli("c").run("version"));
        assertThat(mixedBurst(200)).containsOnly("ok");
        JsonNode before = awaitIdle();
        assertThat(mixedBurst(1000)).containsOnly("ok");
        JsonNode after = awaitIdle();
        assertThat(after.get("pid").asLong()).isEqualTo(before.get("pid").asLong());
        assertThat(after.get("requests_served").asLong() - before.get("requests_served").asLong())
                .isGreaterThanOrEqualTo(1000);
        assertThat(after.get("open_fds").asLong()).isLessThanOrEqualTo(before.get("open_fds").asLong());
        assertThat(after.get("threads").asLong()).isLessThanOrEqualTo(before.get("threads").asLong() + 2);
    }

    /** Sends {@code count} requests of a fixed mix from 8 threads; each answer is "ok" or says what crossed. */
    private List<String> mixedBurst(int count) throws Exception {
        List<String[]> mix = List.of(new String[] {"version"}, new String[] {"capabilities", "--compact"},
                new String[] {"schema", "version"}, new String[] {"nope"}, new String[] {"help", "--json", "daemon"});
        List<Future<String>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            for (int i = 0; i < count; i++) {
                String[] args = mix.get(i % mix.size());
                results.add(pool.submit(() -> {
                    Cli.Result r = cli("c").run(args);
                    JsonNode e = envelope(r);
                    String expected = args[0].equals("nope") ? "uictl-error" : args[0];
                    String got = e.get("success").asBoolean() ? e.get("command").asString() : "uictl-error";
                    return got.equals(expected) ? "ok" : "crossed: " + String.join(" ", args) + " -> " + r.stdout();
                }));
            }
            List<String> outcomes = new ArrayList<>();
            for (Future<String> f : results) {
                outcomes.add(f.get(120, TimeUnit.SECONDS));
            }
            return outcomes;
        }
    }

    /** Polls the daemon's status until it serves at least {@code count} connections (the status call included). */
    private void awaitConnections(long count) {
        Poll.until("a call in flight", Duration.ofSeconds(20), () -> status().get("active_connections").asLong() >= count);
    }

    /** Status once no connection but the status call itself is active. */
    private JsonNode awaitIdle() {
        return Poll.value("no connection but the status call", Poll.DEFAULT_TIMEOUT, () -> {
            JsonNode s = status();
            return s.get("active_connections").asLong() <= 1 ? java.util.Optional.of(s) : java.util.Optional.empty();
        });
    }

    private JsonNode status() {
        return envelope(cli("c").run("daemon", "status")).get("data");
    }

    /**
     * How often the daemon's watchdog thread (which expires an idle daemon, checking once a second) has blocked so
     * far: each of its checks ends with a timed wait, a voluntary context switch in /proc.
     */
    private static long watchdogChecks(long daemonPid) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(daemonPid), "task"))) {
            for (Path task : tasks.toList()) {
                if (Files.readString(task.resolve("comm")).strip().equals("uictl-watchdog")) {
                    return Files.readAllLines(task.resolve("status")).stream()
                            .filter(l -> l.startsWith("voluntary_ctxt_switches:"))
                            .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(':') + 1).strip())).findFirst()
                            .orElseThrow();
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        throw new AssertionError("the daemon " + daemonPid + " has no uictl-watchdog thread");
    }
}
