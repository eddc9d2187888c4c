package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.testkit.Poll;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Issue 9, item 1: a client killed while the daemon types for it must not take the daemon's shared X connection
 * (and with it the clipboard the daemon owns) down. xclip is the independent oracle of the clipboard.
 */
@Tag("e2e")
class ClientGoneEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();

    @BeforeAll
    static void built() {
        assumeTrue(Cli.built(), "run scripts/setup first");
    }

    @AfterAll
    static void stopDaemon() {
        if (Cli.built()) {
            cli().run(DESKTOP.env(), "", "daemon", "stop");
        }
    }

    private static Cli cli() {
        return new Cli("c", DESKTOP.runtimeDir());
    }

    private static JsonNode envelope(Cli.Result r) {
        return r.envelope();
    }

    @ParameterizedTest(name = "killed after {0} ms")
    @ValueSource(ints = {100, 300, 600})
    void aClientKilledMidTypeLeavesTheClipboardAndTheDisplayConnection(int killAfterMs) throws Exception {
        JsonNode set = envelope(cli().run(DESKTOP.env(), "", "clipboard", "set", "keep-me"));
        assertThat(set.get("success").asBoolean()).as(set.toString()).isTrue();

        Process typing = cli().builder(DESKTOP.env(), "type", "a".repeat(100_000))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        // The repro kills the client at a random point between 0.1 and 0.6 s into the typing.
        assertThat(typing.waitFor(killAfterMs, TimeUnit.MILLISECONDS)).as("still typing when killed").isFalse();
        typing.destroyForcibly();
        typing.waitFor(10, TimeUnit.SECONDS);

        JsonNode got = envelope(cli().run(DESKTOP.env(), "", "clipboard", "get"));
        assertThat(got.get("success").asBoolean()).as(got.toString()).isTrue();
        assertThat(got.get("data").get("text").asString()).isEqualTo("keep-me");
        assertThat(got.get("data").get("owned_by_uictl").asBoolean()).isTrue();
        assertThat(xclip()).isEqualTo("keep-me");
        JsonNode size = envelope(cli().run(DESKTOP.env(), "", "get", "screen-size"));
        assertThat(size.get("success").asBoolean()).as(size.toString()).isTrue();
        assertThat(daemonLog()).doesNotContain("ClosedByInterruptException");
    }

    /** The wait ends on the client's token, not at its 60 s timeout: the daemon's connection count drops at once. */
    @org.junit.jupiter.api.Test
    void aKilledClientsWindowWaitEndsAndFreesItsConnection() throws Exception {
        envelope(cli().run(DESKTOP.env(), "", "version"));
        Process waiting = cli().builder(DESKTOP.env(), "wait", "window", "title=never-such-window", "--timeout",
                "60000").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        awaitActiveConnections(c -> c >= 2, 20);
        waiting.destroyForcibly();
        waiting.waitFor(10, TimeUnit.SECONDS);
        awaitActiveConnections(c -> c <= 1, 10);
    }

    private static void awaitActiveConnections(java.util.function.LongPredicate ok, int seconds) {
        Poll.until("the daemon's active connections", Duration.ofSeconds(seconds), () -> ok.test(
                envelope(cli().run(DESKTOP.env(), "", "daemon", "status")).get("data").get("active_connections")
                        .asLong()));
    }

    private static String xclip() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("xclip", "-o", "-selection", "clipboard")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(DESKTOP.env());
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return text;
    }

    private static String daemonLog() throws Exception {
        StringBuilder all = new StringBuilder();
        try (var files = Files.list(DESKTOP.runtimeDir())) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".log")).toList()) {
                all.append(Files.readString(f));
            }
        }
        return all.toString();
    }
}
