package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Keys held through the real daemon are released when the client that pressed them goes away, whether it ends
 * politely (stdin closed) or is killed. xev, focused on the desktop, is the oracle of what the server delivered.
 */
@Tag("e2e")
class HeldInputEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static Path xevLog;

    @BeforeAll
    static void xev() throws Exception {
        Cli.requireBuilt();
        xevLog = DESKTOP.runtimeDir().resolve("xev.log");
        DESKTOP.launch("sh", "-c", "exec stdbuf -oL xev -geometry 600x400+0+0 -event keyboard > '" + xevLog + "'");
        run("xdotool", "search", "--sync", "--onlyvisible", "--name", "^Event Tester$");
        String id = run("xdotool", "search", "--onlyvisible", "--name", "^Event Tester$").strip();
        run("xdotool", "windowactivate", "--sync", id);
    }

    @AfterAll
    static void stopDaemon() {
        if (Cli.built()) {
            new Cli("c", DESKTOP.runtimeDir()).run(DESKTOP.env(), "", "daemon", "stop");
        }
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"closes its input", "is killed"})
    void aHeldKeyIsReleasedWhenTheClientGoesAway(String how) throws Exception {
        int releasesBefore = count("KeyRelease event", "Shift_L");
        Process serve = new Cli("c", DESKTOP.runtimeDir()).builder(DESKTOP.env(), "serve", "--stdio").start();
        OutputStream in = serve.getOutputStream();
        BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
        in.write("{\"id\":1,\"argv\":[\"key-down\",\"shift\"]}\n".getBytes(StandardCharsets.UTF_8));
        in.flush();
        JsonNode reply = Json.parse(out.readLine());
        assertThat(reply.get("success").asBoolean()).as(reply.toString()).isTrue();
        assertThat(reply.get("data").get("held")).extracting(JsonNode::asString).containsExactly("Shift_L");
        await(() -> count("KeyPress event", "Shift_L") > 0);
        assertThat(count("KeyRelease event", "Shift_L")).as("still held while the client is there")
                .isEqualTo(releasesBefore);

        if (how.equals("is killed")) {
            serve.destroyForcibly();
        } else {
            in.close();
        }
        assertThat(serve.waitFor(20, TimeUnit.SECONDS)).isTrue();

        await(() -> count("KeyRelease event", "Shift_L") == releasesBefore + 1);
    }

    /** xev events (blank-line separated blocks) of a type that mention a keysym name. */
    private static int count(String type, String keysym) {
        try {
            String text = Files.exists(xevLog) ? Files.readString(xevLog) : "";
            return (int) List.of(text.split("\n\n")).stream().map(String::strip)
                    .filter(b -> b.startsWith(type) && b.contains(", " + keysym + ")")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void await(java.util.function.BooleanSupplier condition) {
        try {
            Poll.until("xev logged the expected event", java.time.Duration.ofSeconds(20), condition);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; log:\n" + log(), e);
        }
    }

    private static String log() {
        try {
            return Files.readString(xevLog);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static String run(String... argv) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(DESKTOP.env());
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", argv)).isZero();
        return text;
    }
}
