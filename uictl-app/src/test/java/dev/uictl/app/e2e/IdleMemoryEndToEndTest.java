package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A daemon that grew its heap in a burst gives the memory back once it has been quiet a few seconds. Watched from
 * /proc (VmRSS), which does not count as a request: asking the daemon would keep it busy.
 */
@Tag("e2e")
class IdleMemoryEndToEndTest {
    private Path runtimeDir;
    private Cli cli;

    @BeforeEach
    void setUp() throws IOException {
        Cli.requireBuilt();
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-idle");
        cli = new Cli("c", runtimeDir);
    }

    @AfterEach
    void tearDown() throws IOException {
        Cli.stopAndRemove(runtimeDir);
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
        Cli.Result r = cli.run("daemon", "status");
        assertThat(r.exit()).as(r.stdout()).isZero();
        return Json.parse(r.stdout()).get("data");
    }

    private static long rssKb(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream()
                    .filter(l -> l.startsWith("VmRSS:")).mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", "")))
                    .findFirst().orElseThrow();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
