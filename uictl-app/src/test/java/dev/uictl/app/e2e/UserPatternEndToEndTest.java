package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Catastrophic and huge user patterns through a real daemon: `term wait --regex` on a screen full of the letter a
 * answers within its timeout, a huge pattern is refused at once, and the daemon answers `version` right after.
 */
@Tag("e2e")
class UserPatternEndToEndTest {
    private Path runtimeDir;
    private Cli cli;

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(Cli.built() || "true".equals(System.getenv("CI")), "run scripts/setup first");
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-pattern-e2e");
        cli = new Cli("c", runtimeDir);
    }

    @AfterEach
    void tearDown() throws IOException {
        cli.run("daemon", "stop");
        try (Stream<Path> files = Files.walk(runtimeDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private JsonNode envelope(Cli.Result r) {
        return r.envelope();
    }

    private long versionMillis() {
        long start = System.nanoTime();
        JsonNode v = envelope(cli.run("version"));
        assertThat(v.get("success").asBoolean()).isTrue();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    @Test
    void catastrophicAndHugePatternsAnswerFastAndTheDaemonStaysResponsive() {
        JsonNode opened = envelope(cli.run("term", "open", "--name", "as", "--size", "40x200", "--", "sh", "-c",
                "i=0; while [ $i -lt 38 ]; do printf '%0200d' 0 | tr 0 a; i=$((i+1)); done; exec sleep 600"));
        assertThat(opened.get("success").asBoolean()).as(opened.toString()).isTrue();
        JsonNode full = envelope(cli.run("term", "wait", "as", "--regex", "a{200}", "--timeout", "10000"));
        assertThat(full.get("success").asBoolean()).as(full.toString()).isTrue();

        // A backtracking engine spends exponential time on this pattern over 7,600 a's.
        long start = System.nanoTime();
        JsonNode waited = envelope(cli.run("term", "wait", "as", "--regex", "(.*a){25}!x", "--timeout", "2000"));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(waited.get("error").get("code").asString()).as(waited.toString()).isEqualTo("TIMEOUT");
        assertThat(ms).as("answered around its 2 s timeout").isLessThan(10_000);
        assertThat(versionMillis()).isLessThan(5_000);

        start = System.nanoTime();
        JsonNode huge = envelope(cli.run("term", "wait", "as", "--regex", "(a|aa)".repeat(20_000)));
        assertThat(huge.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(huge.get("error").get("details").get("limits").get("max_length").asInt()).isEqualTo(1000);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(5_000);

        JsonNode nested = envelope(cli.run("term", "wait", "as", "--regex", "((a{100}){100}){100}"));
        assertThat(nested.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(versionMillis()).isLessThan(5_000);
        envelope(cli.run("term", "close", "as"));
    }
}
