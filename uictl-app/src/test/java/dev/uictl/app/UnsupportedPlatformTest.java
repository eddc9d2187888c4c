package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.protocol.Installation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The desktop commands run against a platform whose every port (window system, input, screen capture, selections)
 * supports nothing: each answers a valid PLATFORM_NOT_SUPPORTED envelope saying nothing was delivered, never a
 * crash or another code. No X server exists at the DISPLAY given, so a command that bypassed the ports would fail
 * differently.
 */
class UnsupportedPlatformTest {
    private static final UictlApp NONE = new UictlApp(new Installation(Path.of("..").toAbsolutePath().normalize()),
            DesktopPlatform.NONE);
    private static final Map<String, String> ENV = Map.of("DISPLAY", ":4093");
    private static final Set<Category> DESKTOP = Set.of(Category.WINDOWS, Category.INPUT, Category.OBSERVE,
            Category.ELEMENTS, Category.WAIT, Category.DESKTOP);
    /**
     * `launch` starts a program before it looks at windows; starting programs is not a desktop port. Snapshots and
     * element queries read the accessibility bus directly (not yet through the port).
     */
    private static final Set<String> NOT_PORT_BOUND = Set.of("launch", "snapshot", "find", "get element", "is");

    @AfterAll
    static void close() {
        NONE.services().closeAll();
    }

    static Stream<Arguments> desktopExamples() {
        List<Arguments> out = new ArrayList<>();
        for (CommandSpec spec : NONE.dispatcher().registry().specs()) {
            // the private desktop's own commands start and stop X servers rather than use one
            boolean desktop = DESKTOP.contains(spec.category()) && !spec.name().startsWith("desktop ");
            if (desktop && !NOT_PORT_BOUND.contains(spec.name())) {
                for (Example e : spec.examples()) {
                    out.add(Arguments.of(spec.name(), e.commandLine()));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("desktopExamples")
    void everyDesktopExampleIsPlatformNotSupported(String command, String line) {
        // the envelope is checked as JSON: examples showing another output format run with the default one
        String json = line.replace(" --text", "").replace("get monitors --format md", "get monitors");
        UictlRun.Output out = UictlRun.run(NONE, ENV, "", ShellWords.split(json).toArray(String[]::new));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo("PLATFORM_NOT_SUPPORTED");
    }

    @Test
    void theExamplesCoverEveryPort() {
        List<String> commands = desktopExamples().map(a -> (String) a.get()[0]).distinct().toList();
        assertThat(commands).contains("list-windows", "focus", "click", "type", "press", "screenshot", "clipboard get",
                "clipboard set", "wait window", "set-value", "select", "check", "get screen-size", "get monitors",
                "list-apps", "close-app");
    }

    /** `launch` starts its program anyway (no port needed); waiting for the program's window needs one. */
    @Test
    void launchWaitingForAWindowIsPlatformNotSupported() {
        JsonNode e = ContractAssert.envelope(UictlRun.run(NONE, ENV, "", "launch", "--wait-window", "title=none",
                "--timeout", "500", "--", "true"));
        assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("PLATFORM_NOT_SUPPORTED");
    }

    @Test
    void aFailedInputSaysNothingWasDelivered() {
        JsonNode e = ContractAssert.envelope(UictlRun.run(NONE, ENV, "", "type", "hello"));
        assertThat(e.get("error").get("details").get("port").asString()).isEqualTo("input");
        assertThat(e.toString()).contains("not_delivered");
    }
}
