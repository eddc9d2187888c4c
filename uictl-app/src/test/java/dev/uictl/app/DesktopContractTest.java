package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every registry example of the `desktop` commands, run in a private runtime directory through the real
 * dispatcher, answers with a valid envelope, and the desktops it reports really exist (xdpyinfo) and really go.
 */
class DesktopContractTest {
    private static Path runtime;
    private static Map<String, String> env;

    @BeforeAll
    static void runtimeDir() throws IOException {
        runtime = Files.createTempDirectory("uictl-desk-contract-");
        // No caller display: `desktop up` must not mistake the test JVM's environment for a desktop of ours.
        env = Map.of("UICTL_RUNTIME_DIR", runtime.toString(), "DISPLAY", "");
    }

    @AfterAll
    static void cleanUp() throws IOException {
        UictlRun.run(env, "", "desktop", "down", "--all");
        try (var walk = Files.walk(runtime)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Examples of the desktop commands in lifecycle order: every `up`, then `status`, then `down`. */
    static List<String> lifecycleExamples() {
        List<String> out = new ArrayList<>();
        for (String command : List.of("desktop up", "desktop status", "desktop down")) {
            CommandSpec spec = UictlRun.app().dispatcher().registry().find(command).orElseThrow().spec();
            spec.examples().stream().map(Example::commandLine).forEach(out::add);
        }
        return out;
    }

    @Test
    void everyExampleRunsAndItsEffectIsReal() throws Exception {
        List<String> displays = new ArrayList<>();
        for (String line : lifecycleExamples()) {
            UictlRun.Output out = UictlRun.run(env, "", line.split(" "));
            if (line.contains("--text")) {
                assertThat(out.exit()).as(out.stdout()).isZero();
                assertThat(out.stdout()).startsWith("export DISPLAY=':").contains("export XAUTHORITY='")
                        .contains("export DBUS_SESSION_BUS_ADDRESS=")
                        .doesNotContain("AT_SPI_BUS_ADDRESS");
                continue;
            }
            JsonNode e = ContractAssert.envelope(out);
            assertThat(e.get("success").asBoolean()).as(line + " -> " + out.stdout()).isTrue();
            JsonNode data = e.get("data");
            if (line.startsWith("desktop up")) {
                String display = data.get("display").asString();
                assertThat(xdpyinfo(display, data.get("env").get("XAUTHORITY").asString())).contains("dimensions:");
                // without the desktop's cookie the server refuses even its owner
                assertThatThrownBy(() -> xdpyinfo(display, runtime.resolve("no-cookie").toString()))
                        .hasMessageContaining("Authorization required");
                displays.add(display);
                // The window domain sees the monitors the supervisor configured (RandR GetMonitors).
                JsonNode monitors = ContractAssert.envelope(UictlRun.run(Map.of("UICTL_RUNTIME_DIR",
                        runtime.toString(), "DISPLAY", display), "", "get", "monitors")).get("data");
                assertThat(monitors.get("count").asInt()).isEqualTo(data.get("monitors").size());
            } else if (line.equals("desktop status")) {
                assertThat(data.get("count").asInt()).isEqualTo(2);
                assertThat(data.get("alive").asInt()).isEqualTo(2);
            } else if (line.startsWith("desktop down")) {
                for (JsonNode d : data.get("displays")) {
                    assertThat(Path.of("/tmp/.X11-unix/X" + d.asString().substring(1))).doesNotExist();
                }
            }
        }
        assertThat(displays).hasSize(2);
        JsonNode after = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "status")).get("data");
        assertThat(after.get("count").asInt()).isZero();
    }

    @Test
    void upPrintsTheSameDesktopTwiceAndTheEnvironmentLeadsBackToIt() {
        JsonNode first = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "up", "--name", "twice",
                "--no-wm", "--no-a11y", "--size", "640x480")).get("data");
        JsonNode second = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "up", "--name", "twice"))
                .get("data");
        assertThat(first.get("created").asBoolean()).isTrue();
        assertThat(second.get("created").asBoolean()).isFalse();
        assertThat(second.get("display")).isEqualTo(first.get("display"));
        assertThat(second.get("processes")).isEqualTo(first.get("processes"));
        // A caller whose DISPLAY is that desktop means it without naming it.
        Map<String, String> inside = Map.of("UICTL_RUNTIME_DIR", runtime.toString(),
                "DISPLAY", first.get("display").asString());
        JsonNode down = ContractAssert.envelope(UictlRun.run(inside, "", "desktop", "down")).get("data");
        assertThat(down.get("stopped")).extracting(JsonNode::asString).containsExactly("twice");
        assertThat(down.get("pids")).isNotEmpty();
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("desktop", "up", "--size", "huge"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("desktop", "up", "--size", "10x10"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("desktop", "up", "--monitors", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("desktop", "up", "--monitors", "two"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("desktop", "up", "--display", "remote:0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("desktop", "up", "--name", "../escape"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("desktop", "down", "--name", "a b"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("desktop", "status", "extra"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("desktop"), ErrorCode.MISSING_REQUIRED));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("badInput")
    void badInputGetsAStructuredError(List<String> argv, ErrorCode expected) {
        UictlRun.Output out = UictlRun.run(env, "", argv.toArray(String[]::new));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo(expected.name());
    }

    @Test
    void downOfANonexistentDesktopSucceedsWithNothingStopped() {
        JsonNode data = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "down", "--name", "never"))
                .get("data");
        assertThat(data.get("count").asInt()).isZero();
        assertThat(Json.write(data)).contains("\"stopped\":[]");
    }

    /** Without the desktop's programs on PATH, `desktop up` names each missing one and starts nothing. */
    @Test
    void upWithoutItsProgramsNamesWhatIsMissing() throws IOException {
        Path empty = Files.createDirectories(runtime.resolve("empty-bin"));
        Map<String, String> bare = new java.util.HashMap<>(env);
        bare.put("PATH", empty.toString());
        JsonNode e = ContractAssert.envelope(UictlRun.run(bare, "", "desktop", "up", "--name", "bare"));
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("DEPENDENCY_MISSING");
        assertThat(Json.write(e.get("error").get("details").get("missing"))).contains("Xvfb");
        JsonNode status = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "status")).get("data");
        assertThat(Json.write(status)).doesNotContain("\"bare\"");
    }

    private static String xdpyinfo(String display, String xauthority) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("xdpyinfo", "-display", display).redirectErrorStream(true);
        pb.environment().put("XAUTHORITY", xauthority);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }
}
