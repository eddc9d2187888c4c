package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * A ref names an element of the session's last snapshot: every element command given a ref in a session that has
 * taken no snapshot fails with SNAPSHOT_NOT_FOUND and a hint to take one, before it touches any application (a
 * private desktop with its accessibility bus, nothing running on it). Each of these pairs was declared but never
 * provoked by a test (declared-unseen-baseline.tsv).
 */
@Tag("e2e")
class ElementRefErrorsTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();

    static Stream<Arguments> commands() {
        return Stream.of(
                List.of("action", "@e99", "activate"), List.of("check", "@e99"), List.of("clear", "@e99"),
                List.of("collapse", "@e99"), List.of("drag", "@e99", "--to", "@e98"), List.of("expand", "@e99"),
                List.of("fill", "@e99", "x"), List.of("hover", "@e99"),
                List.of("is", "@e99", "--property", "checked"), List.of("right-click", "@e99"),
                List.of("scroll", "@e99", "--amount", "1"), List.of("scroll-to", "@e99"),
                List.of("select", "@e99", "beta"), List.of("set-value", "@e99", "3"), List.of("toggle", "@e99"),
                List.of("triple-click", "@e99"), List.of("uncheck", "@e99"),
                List.of("wait", "element", "@e99", "--timeout", "500"), List.of("get", "element", "@e99"))
                .map(Arguments::of);
    }

    /** find's scope is a window, whose refs are w-refs: an element ref there is an invalid selector, said so. */
    @org.junit.jupiter.api.Test
    void anElementRefAsFindsWindowScopeIsSelectorInvalid() {
        JsonNode e = ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", "find", "@e99", "--role", "button"));
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("SELECTOR_INVALID");
        assertThat(e.get("error").get("message").asString()).contains("window refs look like @w3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void aRefWithoutASnapshotIsSnapshotNotFound(List<String> argv) {
        Map<String, String> env = new HashMap<>(DESKTOP.env());
        env.put("UICTL_SESSION", "never-snapshotted-" + String.join("-", argv.subList(0, 1)));
        List<String> line = new ArrayList<>(argv);
        JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", line.toArray(String[]::new)));
        assertThat(e.get("success").asBoolean()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("SNAPSHOT_NOT_FOUND");
        assertThat(e.get("error").get("hint").asString()).contains("uictl snapshot");
    }
}
