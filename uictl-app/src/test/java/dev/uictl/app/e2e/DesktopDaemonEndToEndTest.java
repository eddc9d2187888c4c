package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.testkit.Poll;
import dev.uictl.testkit.XvfbDisplay;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The X server dies under a warm daemon, even in the middle of a wait: the calls fail cleanly with
 * DEPENDENCY_MISSING, the daemon survives, and once a server is back on that display it serves again.
 */
@Tag("e2e")
class DesktopDaemonEndToEndTest {
    private Path runtimeDir;
    private XvfbDisplay xvfb;

    @BeforeEach
    void setUp() throws IOException {
        Cli.requireBuilt();
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-e2e-desk");
    }

    @AfterEach
    void tearDown() throws Exception {
        new Cli("c", runtimeDir).run("daemon", "stop");
        if (xvfb != null) {
            xvfb.close();
        }
        try (Stream<Path> files = Files.walk(runtimeDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static JsonNode envelope(Cli.Result r) {
        return ContractAssert.envelope(new dev.uictl.app.UictlRun.Output(r.exit(), r.stdout(), r.stderr()));
    }

    /** Polls /proc/net/unix until the daemon's socket path appears on {@code count} sockets. */
    private void awaitDaemonConnections(int count) throws Exception {
        Poll.until("clients connected to the daemon", () -> {
            try {
                return Files.readAllLines(Path.of("/proc/net/unix")).stream()
                        .filter(l -> l.contains(runtimeDir.toString()) && l.contains("daemon-")).count() >= count;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void theDaemonOutlivesTheXServerAndServesItsSuccessor() throws Exception {
        xvfb = XvfbDisplay.sized("1024x768x24");
        String display = xvfb.display();
        Cli cli = new Cli("c", runtimeDir);
        Map<String, String> env = Map.of("DISPLAY", display);

        JsonNode size = envelope(cli.run(env, "", "get", "screen-size"));
        assertThat(size.get("data").get("width").asInt()).isEqualTo(1024);
        long daemon = cli.daemonPid();

        Process waiting = cli.builder(env, "wait", "window", "title=never", "--timeout", "30000", "--poll-ms", "30000")
                .start();
        awaitDaemonConnections(2); // the listening socket and the waiting client's
        xvfb.xvfb().destroyForcibly().waitFor();
        assertThat(waiting.waitFor(15, TimeUnit.SECONDS)).as("the wait ends when the server dies").isTrue();
        JsonNode waitError = ContractAssert.envelope(new String(waiting.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8).strip(), waiting.exitValue());
        assertThat(waitError.get("error").get("code").asString()).isEqualTo("DEPENDENCY_MISSING");

        JsonNode gone = envelope(cli.run(env, "", "list-windows"));
        assertThat(gone.get("error").get("code").asString()).isEqualTo("DEPENDENCY_MISSING");
        assertThat(gone.get("error").get("hint").asString()).contains("uictl desktop up");
        assertThat(ProcessHandle.of(daemon).map(ProcessHandle::isAlive)).contains(true);

        xvfb = XvfbDisplay.on(display, "1024x768x24");
        Cli.Result again = Poll.value("the daemon serves the new X server", Poll.DEFAULT_TIMEOUT, () -> {
            Cli.Result r = cli.run(env, "", "get", "screen-size");
            return r.exit() == 0 ? java.util.Optional.of(r) : java.util.Optional.empty();
        });
        assertThat(envelope(again).get("data").get("height").asInt()).isEqualTo(768);
        assertThat(cli.daemonPid()).isEqualTo(daemon);
    }
}
