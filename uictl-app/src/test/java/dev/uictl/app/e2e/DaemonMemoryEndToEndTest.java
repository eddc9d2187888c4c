package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The daemon's memory, through bin/uictl. 200 programs under PTYs at once: every session opens and answers, and the
 * daemon pays for what the sessions hold (a quiet {@code cat} holds almost nothing), not for what they might hold;
 * the programs are checked from /proc (alive, really {@code cat}, the typed bytes read), not from uictl's replies.
 * And a daemon that grew its heap in a burst gives the memory back once it has been quiet a few seconds, watched
 * from /proc (VmRSS), which does not count as a request: asking the daemon would keep it busy.
 */
@Tag("e2e")
class DaemonMemoryEndToEndTest {
    private static final int SESSIONS = 200;
    /** A quiet session's share of the daemon: its emulator, pty reader thread and buffers, not an 8 MiB reserve. */
    private static final long RSS_PER_SESSION_KB = 512;

    private Path runtimeDir;
    private Cli cli;

    @BeforeEach
    void setUp() throws IOException {
        Cli.requireBuilt();
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-memory");
        cli = new Cli("c", runtimeDir);
    }

    @AfterEach
    void tearDown() throws IOException {
        Cli.stopAndRemove(runtimeDir);
    }

    @Test
    void twoHundredCatSessionsOpenAnswerAndClose() throws Exception {
        JsonNode before = status();
        List<JsonNode> opened = serve(IntStream.range(0, SESSIONS).mapToObj(i ->
                List.of("term", "open", "--name", "cat" + i, "--", "cat")).toList());
        List<Long> pids = new ArrayList<>();
        for (JsonNode reply : opened) {
            assertThat(reply.get("success").asBoolean()).as(reply.toString()).isTrue();
            pids.add(reply.get("data").get("pid").asLong());
        }
        assertThat(pids).doesNotHaveDuplicates().hasSize(SESSIONS);
        for (long pid : pids) {
            assertThat(Files.readString(Path.of("/proc/" + pid + "/comm")).strip()).isEqualTo("cat");
        }

        // Every tenth session answers: the text reaches cat (its read count, from /proc) and comes back on screen.
        List<Integer> probed = IntStream.range(0, SESSIONS).filter(i -> i % 10 == 0).boxed().toList();
        Map<Integer, Long> readBefore = probed.stream().collect(Collectors.toMap(i -> i, i -> readChars(pids.get(i))));
        List<JsonNode> typed = serve(probed.stream().map(i ->
                List.of("term", "type", "cat" + i, "ping-" + i + "\r", "--wait-text", "ping-" + i)).toList());
        typed.forEach(reply -> assertThat(reply.get("success").asBoolean()).as(reply.toString()).isTrue());
        for (int i : probed) {
            String line = "ping-" + i + "\n";
            Poll.until("cat" + i + " reads what was typed", Duration.ofSeconds(10),
                    () -> readChars(pids.get(i)) - readBefore.get(i) >= line.length());
        }
        List<JsonNode> screens = serve(probed.stream().map(i -> List.of("term", "screen", "cat" + i)).toList());
        for (int k = 0; k < probed.size(); k++) {
            String text = screens.get(k).get("data").get("lines").toString();
            assertThat(text).as("cat echoes on its own screen only").contains("ping-" + probed.get(k))
                    .doesNotContain("ping-" + (probed.get(k) + 10) + "\"");
        }

        JsonNode open = status();
        long perSessionKb = (open.get("rss_kb").asLong() - before.get("rss_kb").asLong()) / SESSIONS;
        assertThat(perSessionKb).as("RSS per quiet session (KiB)").isLessThan(RSS_PER_SESSION_KB);
        assertThat(open.get("open_fds").asLong() - before.get("open_fds").asLong())
                .as("descriptors: the pty master, a pidfd and a wake-up eventfd per session").isLessThanOrEqualTo(3L * SESSIONS + 8);
        assertThat(open.get("threads").asLong() - before.get("threads").asLong())
                .as("one pty reader thread per session").isLessThanOrEqualTo(SESSIONS + 8);
        assertThat(open.get("heap_committed_kb").asLong()).isGreaterThanOrEqualTo(open.get("heap_used_kb").asLong());

        List<JsonNode> closed = serve(IntStream.range(0, SESSIONS).mapToObj(i -> List.of("term", "close", "cat" + i)).toList());
        closed.forEach(reply -> assertThat(reply.get("success").asBoolean()).as(reply.toString()).isTrue());
        for (long pid : pids) {
            Poll.until("cat " + pid + " is gone", Duration.ofSeconds(10), () -> !Files.exists(Path.of("/proc/" + pid)));
        }
    }

    @Test
    void aQuietDaemonGivesBackTheHeapABurstGrew() throws Exception {
        cli.run("version");
        long pid = cli.daemonPid();
        for (int i = 0; i < 4; i++) { // output floods: the emulator and transcripts make garbage by the megabyte
            Cli.Result opened = cli.run("term", "open", "--name", "flood" + i, "--wait-text", "FLOOD-DONE",
                    "--timeout", "60000", "--", "sh", "-c", "seq 1 300000; echo FLOOD-DONE; exec cat");
            assertThat(opened.exit()).as(opened.stdout()).isZero();
            assertThat(cli.run("term", "close", "flood" + i).exit()).isZero();
        }
        JsonNode burst = status();
        long grownKb = burst.get("heap_committed_kb").asLong() - burst.get("heap_used_kb").asLong();
        assertThat(burst.get("heap_committed_kb").asLong()).as("the burst grew the heap").isGreaterThan(32 * 1024);
        long rssAfterBurst = rssKb(pid);
        Poll.until("the quiet daemon's RSS falls by half the heap it no longer uses", Duration.ofSeconds(30),
                () -> rssKb(pid) < rssAfterBurst - grownKb / 2);
        JsonNode quiet = status();
        assertThat(quiet.get("heap_committed_kb").asLong()).isLessThan(burst.get("heap_committed_kb").asLong() / 2);
    }

    private JsonNode status() {
        cli.run("version"); // the daemon is started by the first call
        Cli.Result r = cli.run("daemon", "status");
        assertThat(r.exit()).as(r.stdout()).isZero();
        return Json.parse(r.stdout()).get("data");
    }

    /** Runs the command lines through one `serve --stdio` connection; the replies in request order. */
    private List<JsonNode> serve(List<List<String>> argvs) {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < argvs.size(); i++) {
            in.append(Json.write(Map.of("id", i, "argv", argvs.get(i)))).append('\n');
        }
        Cli.Result r = cli.run(Map.of(), in.toString(), "serve", "--stdio");
        List<JsonNode> replies = r.stdout().lines().map(Json::parse).toList();
        assertThat(replies).as(r.stderr()).hasSize(argvs.size());
        return replies.stream().sorted(java.util.Comparator.comparingInt(n -> n.get("id").asInt())).toList();
    }

    /** Characters the process has read (/proc/PID/io rchar): proof the typed text reached the program. */
    private static long readChars(long pid) {
        return procNumber(pid, "io", "rchar:");
    }

    private static long rssKb(long pid) {
        return procNumber(pid, "status", "VmRSS:");
    }

    private static long procNumber(long pid, String file, String key) {
        try {
            return Files.readAllLines(Path.of("/proc/" + pid + "/" + file)).stream().filter(l -> l.startsWith(key))
                    .mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", ""))).findFirst().orElseThrow();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
