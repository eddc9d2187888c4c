package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.engine.desktop.a11y.ElementTarget;
import dev.uictl.testkit.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every registry example of the input commands runs on a private desktop through the real dispatcher and answers
 * with a valid envelope; effects are checked through the GTK fixture's own record; bad input gets structured errors.
 * An xev window under the examples' coordinates takes their clicks; the fixture sits beside it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class InputContractTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static FixtureState fixture;

    @BeforeAll
    static void apps() throws Exception {
        DESKTOP.launch("xev", "-geometry", "600x380+0+0", "-event", "button");
        Path state = DESKTOP.runtimeDir().resolve("fixture.jsonl");
        fixture = new FixtureState(state);
        DESKTOP.launchGtkFixture(state, "Input Fixture", 700, 400);
        fixture.await("layout", e -> e.get("button").get(0).asInt() > 600);
    }

    private static UictlRun.Output run(String... argv) {
        return UictlRun.run(DESKTOP.env(), "", argv);
    }

    static Stream<Arguments> examples() {
        List<Arguments> out = new ArrayList<>();
        for (CommandSpec spec : UictlRun.app().dispatcher().registry().specs()) {
            if (spec.category() == Category.INPUT) {
                for (Example e : spec.examples()) {
                    // examples on element targets (@e3, role=button …) need a snapshot and its app:
                    // ElementTargetsEndToEndTest runs those forms against the GTK fixture's own state
                    List<String> words = ShellWords.split(e.commandLine());
                    if (words.size() > 1 && ElementTarget.namesElement(words.get(1))) {
                        continue;
                    }
                    out.add(Arguments.of(spec.name(), e.commandLine()));
                }
            }
        }
        return out.stream();
    }

    /**
     * The button presses xev must log for the examples whose pointer lands on it (the examples at the pointer are
     * preceded by a move onto xev); each entry is the button numbers pressed, in order.
     */
    static final Map<String, List<Integer>> XEV_PRESSES = Map.ofEntries(
            Map.entry("click 200,150", List.of(1)),
            Map.entry("click 200,150 --button right", List.of(3)),
            Map.entry("click 200,150 --modifiers ctrl,shift", List.of(1)),
            Map.entry("dblclick 200,150", List.of(1, 1)),
            Map.entry("mouse click", List.of(1)),
            Map.entry("mouse click --button middle", List.of(2)),
            Map.entry("mouse scroll 3", List.of(5, 5, 5)),
            Map.entry("mouse scroll 2 --axis horizontal", List.of(7, 7)));

    @Order(1)
    @ParameterizedTest(name = "{1}")
    @MethodSource("examples")
    void everyExampleIsAValidSuccessEnvelope(String command, String line) {
        List<Integer> expected = XEV_PRESSES.get(line);
        if (expected != null) {
            ContractAssert.envelope(run("mouse", "up")); // an example may have left the left button held
            if (line.startsWith("mouse ")) {
                ContractAssert.envelope(run("mouse", "move", "300", "200"));
            }
        }
        int before = XevLog.presses(xevLog()).size();
        UictlRun.Output out = run(line.split(" "));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        assertThat(e.get("command").asString()).isEqualTo(command);
        assertThat(e.get("data").get("delivery").asString()).isEqualTo("delivered_unverified");
        if (expected != null) { // the independent oracle: what xev received
            Poll.until("xev logs the presses of '" + line + "'", () -> XevLog.presses(xevLog()).size() >= before + expected.size());
            List<Integer> all = XevLog.presses(xevLog());
            assertThat(all.subList(before, all.size())).as(line).isEqualTo(expected);
        }
    }

    private static Path xevLog() {
        return DESKTOP.runtimeDir().resolve("xev.log");
    }

    private static int count(String event) {
        return (int) fixture.events().stream().filter(e -> e.get("event").asString().equals(event)).count();
    }

    /** Example clicks focus the xev window; effect tests give the keyboard back to the fixture first. */
    private static void raiseFixture() {
        JsonNode e = ContractAssert.envelope(run("focus", "title~=Fixture"));
        assertThat(e.get("success").asBoolean()).as(e.toString()).isTrue();
    }

    @Order(2)
    @Test
    void clickingTheFixtureButtonClicksIt() throws Exception {
        raiseFixture();
        int before = fixture.last("clicked").map(c -> c.get("count").asInt()).orElse(0);
        JsonNode data = ContractAssert.envelope(run("click", fixture.centreOf("button"))).get("data");

        fixture.await("clicked", c -> c.get("count").asInt() == before + 1);
        assertThat(data.get("button").asString()).isEqualTo("left");
    }

    @Order(3)
    @Test
    void typingIntoTheFocusedEntryChangesItsText() throws Exception {
        raiseFixture();
        int focusEvents = count("focus");
        ContractAssert.envelope(run("click", fixture.centreOf("entry")));
        fixture.await("focus", f -> f.get("widget").asString().equals("entry") && count("focus") > focusEvents);
        ContractAssert.envelope(run("press", "ctrl+a"));
        JsonNode data = ContractAssert.envelope(run("type", "Grüße ✓")).get("data");

        fixture.await("text", t -> t.get("value").asString().equals("Grüße ✓"));
        assertThat(data.get("remapped")).extracting(JsonNode::asString).contains("U2713");
    }

    @Order(4)
    @Test
    void clickingAWindowSelectorRaisesItAndEchoesItsIdentity() throws Exception {
        // Focus is elsewhere (xev); clicking the fixture by selector activates it first.
        ContractAssert.envelope(run("click", "10,10"));
        UictlRun.Output out = run("click", "title~=Input");
        JsonNode data = ContractAssert.envelope(out).get("data");
        assertThat(data).as(out.stdout()).isNotNull();

        JsonNode window = data.get("window");
        assertThat(window.get("title").asString()).isEqualTo("Input Fixture");
        assertThat(window.get("window_id").asString()).startsWith("win");
        assertThat(data.get("x").asInt()).isEqualTo(window.get("x").asInt() + window.get("width").asInt() / 2);
        assertThat(data.get("y").asInt()).isEqualTo(window.get("y").asInt() + window.get("height").asInt() / 2);
        // Independent oracle: the window manager's active window is the fixture.
        assertThat(xprop("-root", "_NET_ACTIVE_WINDOW")).contains(Long.toHexString(Long.decode(window.get("xid")
                .asString())));
    }

    private static String xprop(String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of("xprop"));
        argv.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true);
        pb.environment().putAll(DESKTOP.env());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    @Order(5)
    @Test
    void theCheckboxTogglesOnEachClick() throws Exception {
        raiseFixture();
        int before = (int) fixture.events().stream().filter(e -> e.get("event").asString().equals("checked")).count();
        ContractAssert.envelope(run("dblclick", fixture.centreOf("check")));
        fixture.await("checked", c -> fixture.events().stream()
                .filter(e -> e.get("event").asString().equals("checked")).count() >= before + 2);
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("click"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("click", "99999,5"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("click", "10,10", "--button", "sideways"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("click", "10,10", "--count", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("click", "10,10", "--modifiers", "ctrl,hyperdrive"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("click", "title=No Such Window"), ErrorCode.SELECTOR_NOT_FOUND),
                Arguments.of(List.of("click", "title=/[/"), ErrorCode.SELECTOR_INVALID),
                Arguments.of(List.of("type", ""), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("type", "a\u0007b"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("type", "x", "--delay", "-1"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("press", "ctrl+nosuchkey"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("press", "ctrl+"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("hotkey"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("key-down"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("mouse", "move", "1"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("mouse", "move", "a", "b"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("mouse", "scroll", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("mouse", "scroll", "1", "--axis", "diagonal"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("mouse", "drag", "1", "1", "2"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("mouse", "down", "--button", "12"), ErrorCode.INVALID_ARGS));
    }

    @Order(6)
    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("badInput")
    void badInputGetsAStructuredError(List<String> argv, ErrorCode expected) {
        UictlRun.Output out = run(argv.toArray(String[]::new));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo(expected.name());
        if (e.get("error").has("delivery")) {
            assertThat(e.get("error").get("delivery").asString()).as("bad input sends nothing")
                    .isEqualTo("not_delivered");
        }
    }

    @Order(6)
    @Test
    void aWindowSelectorThatMatchesNothingIsNotDelivered() {
        JsonNode e = ContractAssert.envelope(run("click", "title=No Such Window"));
        assertThat(e.get("error").get("delivery").asString()).isEqualTo("not_delivered");
        assertThat(e.get("error").get("hint").asString()).contains("list-windows");
    }

    @Order(7)
    @Test
    void withoutADisplayInputFailsWithDependencyMissingAndTheDesktopUpHint() {
        for (String display : List.of("", ":4998")) {
            Map<String, String> env = new LinkedHashMap<>(DESKTOP.env());
            env.put("DISPLAY", display);
            UictlRun.Output out = UictlRun.run(env, "", "click", "10,10");
            JsonNode e = ContractAssert.envelope(out);
            assertThat(e.get("error").get("code").asString()).isEqualTo("DEPENDENCY_MISSING");
            assertThat(e.get("error").get("hint").asString()).contains("uictl desktop up");
            assertThat(e.get("error").get("delivery").asString()).isEqualTo("not_delivered");
            assertThat(out.exit()).isEqualTo(2);
        }
    }

    @Order(8)
    @Test
    void negativeScrollAmountsPassAfterTheOptionTerminator() {
        ContractAssert.envelope(run("mouse", "move", "300", "200")); // over xev
        int before = XevLog.presses(xevLog()).size();
        JsonNode data = ContractAssert.envelope(run("mouse", "scroll", "--", "-2")).get("data");
        assertThat(data.get("amount").asInt()).isEqualTo(-2);
        assertThat(data.get("button").asString()).isEqualTo("wheel-up");
        // Independent oracle: xev saw two wheel-up steps (button 4).
        Poll.until("xev logs two wheel-up presses", () -> XevLog.presses(xevLog()).size() >= before + 2);
        List<Integer> all = XevLog.presses(xevLog());
        assertThat(all.subList(before, all.size())).containsExactly(4, 4);
    }
}
