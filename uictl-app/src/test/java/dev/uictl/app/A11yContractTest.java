package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Example;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Every registry example of the accessibility commands (snapshot, find, get, is), run in registry order on a private
 * desktop with its AT-SPI bus, the GTK fixture focused and gtk3-demo running, answers with a valid envelope; bad
 * inputs get their tabled errors.
 */
@Tag("e2e")
class A11yContractTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final String SESSION = "a11y-contract";

    @BeforeAll
    static void apps() throws Exception {
        Process fixture = DESKTOP.launchGtkFixture(DESKTOP.runtimeDir().resolve("contract.jsonl"), "Contract fixture");
        Process demo = DESKTOP.launch("gtk3-demo");
        for (Process p : List.of(demo, fixture)) {
            ExternalTool.await("app " + p.pid() + " on the accessibility bus", () -> {
                JsonNode e = dev.uictl.core.json.Json.parse(run("snapshot", "--pid", Long.toString(p.pid())).stdout());
                return e.get("success").asBoolean() && e.get("data").get("ref_count").asInt() > 0;
            });
        }
        assertThat(run("focus", "title=\"Contract fixture\"").exit()).isZero();
    }

    static Stream<Arguments> examples() {
        List<Arguments> out = new ArrayList<>();
        for (String name : List.of("snapshot", "find", "get element", "is")) {
            for (Example e : UictlRun.app().dispatcher().registry().find(name).orElseThrow().spec().examples()) {
                out.add(Arguments.of(e.commandLine()));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyExampleAnswersAValidEnvelope(String line) {
        List<String> argv = words(line);
        UictlRun.Output out = run(argv.toArray(String[]::new));
        if (argv.getFirst().equals("snapshot") && argv.contains("--text")) {
            assertThat(out.exit()).as(out.stdout()).isZero();
            assertThat(out.stdout()).contains("[ref=e");
            return;
        }
        JsonNode e = ContractAssert.envelope(out);
        if (line.contains("--since")) {
            // the example's id is a placeholder: no such snapshot in this session
            assertThat(e.get("error").get("code").asString()).isEqualTo("SNAPSHOT_NOT_FOUND");
            return;
        }
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("snapshot", "--app", "x", "--pid", "1"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("snapshot", "--depth", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("snapshot", "--bbox", "1,2,3"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("snapshot", "--roles", "nonsense-role"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("snapshot", "--timeout", "10"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("snapshot", "--app", "no-such-app-here"), ErrorCode.APP_NOT_FOUND),
                Arguments.of(List.of("snapshot", "--pid", "999999"), ErrorCode.APP_NOT_FOUND),
                Arguments.of(List.of("snapshot", "--since", "nope"), ErrorCode.SNAPSHOT_NOT_FOUND),
                Arguments.of(List.of("find"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("find", "--role", "button", "--first", "--count"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("get", "element", "role=button \"unbalanced"), ErrorCode.SELECTOR_INVALID),
                Arguments.of(List.of("get", "element", ">> role=button"), ErrorCode.SELECTOR_INVALID),
                Arguments.of(List.of("get", "element", "role=button nth=0"), ErrorCode.SELECTOR_INVALID),
                Arguments.of(List.of("get", "element", "@e1", "--property", "colour"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("is", "@e1", "--property", "pink"), ErrorCode.INVALID_ARGS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInput")
    void badInputGetsItsTabledError(List<String> argv, ErrorCode expected) {
        UictlRun.Output out = run(argv.toArray(String[]::new));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo(expected.name());
        assertThat(out.exit()).isEqualTo(expected.exitCode());
    }

    @Test
    void withoutAnAccessibilityBusTheAnswerIsDependencyMissingWithTheDesktopUpHint() {
        Map<String, String> env = new HashMap<>(DESKTOP.env());
        env.put("AT_SPI_BUS_ADDRESS", "");
        env.put("DBUS_SESSION_BUS_ADDRESS", "");
        UictlRun.Output out = UictlRun.run(env, "", "snapshot", "-i");
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("error").get("code").asString()).isEqualTo("DEPENDENCY_MISSING");
        assertThat(e.get("error").get("hint").asString()).contains("uictl desktop up");
        assertThat(out.exit()).isEqualTo(2);
    }

    private static UictlRun.Output run(String... argv) {
        List<String> all = new ArrayList<>(List.of("--session", SESSION));
        all.addAll(List.of(argv));
        return UictlRun.run(DESKTOP.env(), "", all.toArray(String[]::new));
    }

    /** Splits an example line like a shell: single quotes group words. */
    private static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
            } else if (c == ' ' && !quoted) {
                if (!cur.isEmpty()) {
                    out.add(cur.toString());
                    cur.setLength(0);
                }
            } else {
                cur.append(c);
            }
        }
        if (!cur.isEmpty()) {
            out.add(cur.toString());
        }
        return out;
    }
}
