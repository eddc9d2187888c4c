package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.Example;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every registry example of the window commands runs against a private desktop (openbox, an xterm, the GTK
 * fixture titled "Untitled") through the real dispatcher and answers with a schema-valid success envelope; bad
 * inputs give the structured errors with their exit codes; effects are checked with xwininfo/xprop.
 */
@Tag("x11")
class WindowContractTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(1280, 800, 2, true, true);

    static Stream<Arguments> examples() {
        List<Arguments> out = new ArrayList<>();
        for (Command c : UictlRun.app().dispatcher().registry().commands()) {
            if (c.getClass().getPackageName().equals("dev.uictl.commands.window")) {
                for (Example e : c.spec().examples()) {
                    out.add(Arguments.of(c.spec().name(), e.commandLine()));
                }
            }
        }
        return out.stream();
    }

    static UictlRun.Output uictl(String... argv) {
        return UictlRun.run(DESKTOP.env(), "", argv);
    }

    static JsonNode ok(String... argv) {
        UictlRun.Output out = uictl(argv);
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(String.join(" ", argv) + " -> " + out.stdout()).isTrue();
        return e.get("data");
    }

    static String tool(String... command) {
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().putAll(DESKTOP.env());
            Process p = pb.start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return text;
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    static long count(JsonNode windows, String app, String titlePart) {
        long n = 0;
        for (JsonNode w : windows) {
            if (w.get("app_name").asString().equalsIgnoreCase(app) && w.get("title").asString().contains(titlePart)) {
                n++;
            }
        }
        return n;
    }

    /** Exactly one xterm and one GTK window titled "Untitled", the xterm focused, refs freshly numbered. */
    @BeforeEach
    void normalDesktop() {
        JsonNode windows = ok("list-windows").get("windows");
        if (count(windows, "xterm", "") != 1) {
            if (count(windows, "xterm", "") > 1) {
                ok("close-app", "xterm", "--force", "--timeout", "2000");
            }
            ok("launch", "--wait-window", "--", "xterm", "-T", "contract xterm");
        }
        if (count(windows, "", "Untitled") == 0 && windows.findValues("title").stream().noneMatch(t -> t.asString().equals("Untitled"))) {
            DESKTOP.launchGtkFixture(DESKTOP.runtimeDir().resolve("gtk-state.jsonl"), "Untitled");
            ok("wait", "window", "title=Untitled", "--timeout", "10000");
        }
        ok("restore", "class=xterm");
        ok("focus", "class=xterm");
        ok("list-windows");
    }

    /** Programs started through `launch` belong to no test harness: end them before the desktop goes. */
    @AfterAll
    static void closeLaunchedPrograms() {
        ok("close-app", "xterm", "--force", "--timeout", "2000");
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("examples")
    void everyExampleRunsAndIsAValidEnvelope(String command, String line) {
        String[] argv = shellWords(line);
        UictlRun.Output out = uictl(argv);
        if (line.contains("--format") || line.contains("--text")) {
            assertThat(out.exit()).as(out.stdout()).isZero();
            assertThat(out.stdout()).isNotBlank().doesNotStartWith("{");
            return;
        }
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(line + " -> " + out.stdout()).isTrue();
        assertThat(e.get("command").asString()).isEqualTo(command);
        JsonNode data = e.get("data");
        if (data.has("verified")) { // a window action: what it claims is what X shows
            assertThat(data.get("verified").asBoolean()).as(line + " -> " + out.stdout()).isTrue();
            if (command.equals("close")) {
                assertThat(tool("xprop", "-root", "_NET_CLIENT_LIST"))
                        .doesNotContain(data.get("window").get("xid").asString().substring(2));
            } else if (data.has("window")) {
                assertReportedAsXShowsIt(line, data.get("window"), true);
            }
        } else if (data.has("window") && data.get("window").has("xid") && !line.contains("--gone")) {
            // wait window, launch --wait-window: openbox may focus a new window after it was reported
            assertReportedAsXShowsIt(line, data.get("window"), false);
        }
    }

    /** The independent oracle of a reported window: xwininfo's geometry and map state, xprop's state and focus. */
    static void assertReportedAsXShowsIt(String line, JsonNode w, boolean focusSettled) {
        String xid = w.get("xid").asString();
        String info = tool("xwininfo", "-id", xid);
        int[] xwininfo = java.util.stream.Stream.of("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height")
                .mapToInt(key -> Integer.parseInt(info.lines().filter(l -> l.strip().startsWith(key + ":")).findFirst()
                        .orElseThrow(() -> new AssertionError(line + ": no " + key + " in " + info))
                        .replaceAll(".*:\\s*", "").strip())).toArray();
        assertThat(new int[]{w.get("x").asInt(), w.get("y").asInt(), w.get("width").asInt(), w.get("height").asInt()})
                .as(line).containsExactly(xwininfo);
        assertThat(w.get("visible").asBoolean()).as(line + " visible").isEqualTo(info.contains("IsViewable"));
        String state = tool("xprop", "-id", xid, "_NET_WM_STATE");
        assertThat(w.get("minimized").asBoolean()).as(line + " minimized").isEqualTo(state.contains("_NET_WM_STATE_HIDDEN"));
        assertThat(w.get("maximized").asBoolean()).as(line + " maximized")
                .isEqualTo(state.contains("MAXIMIZED_VERT") && state.contains("MAXIMIZED_HORZ"));
        if (focusSettled) {
            assertThat(w.get("focused").asBoolean()).as(line + " focused")
                    .isEqualTo(tool("xprop", "-root", "_NET_ACTIVE_WINDOW").contains(xid));
        }
    }

    @Test
    void listedGeometryIsXwininfosAbsoluteClientArea() {
        for (JsonNode w : ok("list-windows").get("windows")) {
            String info = tool("xwininfo", "-id", w.get("xid").asString());
            assertThat(info).contains("Absolute upper-left X:  " + w.get("x").asInt())
                    .contains("Absolute upper-left Y:  " + w.get("y").asInt())
                    .contains("Width: " + w.get("width").asInt()).contains("Height: " + w.get("height").asInt());
            assertThat(tool("xprop", "-id", w.get("xid").asString(), "_NET_WM_PID"))
                    .contains("= " + w.get("pid").asLong());
        }
    }

    @Test
    void actionsHaveTheirEffect() {
        JsonNode moved = ok("move-window", "title=Untitled", "321", "123");
        assertThat(moved.get("verified").asBoolean()).isTrue();
        assertThat(tool("xwininfo", "-id", moved.get("window").get("xid").asString()))
                .contains("Absolute upper-left X:  321").contains("Absolute upper-left Y:  123");
        JsonNode focused = ok("focus", "title=Untitled");
        assertThat(tool("xprop", "-root", "_NET_ACTIVE_WINDOW")).contains(focused.get("window").get("xid").asString());
        assertThat(ok("get", "active-window").get("window").get("title").asString()).isEqualTo("Untitled");
    }

    @Test
    void twoMonitorsAreReportedAsXrandrListsThem() {
        JsonNode monitors = ok("get", "monitors");
        assertThat(monitors.get("count").asInt()).isEqualTo(2);
        String xrandr = tool("xrandr", "--listmonitors");
        for (JsonNode m : monitors.get("monitors")) {
            assertThat(xrandr).contains(m.get("name").asString() + " " + m.get("width").asInt() + "/"
                    + m.get("width_mm").asInt() + "x" + m.get("height").asInt() + "/" + m.get("height_mm").asInt()
                    + "+" + m.get("x").asInt() + "+" + m.get("y").asInt());
        }
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("focus", ""), ErrorCode.SELECTOR_INVALID),
                Arguments.of(List.of("focus", "pid=abc"), ErrorCode.SELECTOR_INVALID),
                Arguments.of(List.of("focus", "title=/(/"), ErrorCode.SELECTOR_INVALID),
                Arguments.of(List.of("focus", "colour=red"), ErrorCode.SELECTOR_INVALID),
                Arguments.of(List.of("close", "title=no such window"), ErrorCode.SELECTOR_NOT_FOUND),
                Arguments.of(List.of("focus", "@w99"), ErrorCode.SELECTOR_NOT_FOUND),
                Arguments.of(List.of("focus", "focused title=Untitled"), ErrorCode.SELECTOR_NOT_FOUND),
                Arguments.of(List.of("minimize", "t"), ErrorCode.SELECTOR_AMBIGUOUS),
                Arguments.of(List.of("move-window", "class=xterm", "x", "3"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("move-window", "class=xterm"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("resize-window", "class=xterm", "0", "10"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("list-windows", "--limit", "-1"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("wait", "window", "title=ghost", "--timeout", "100"), ErrorCode.TIMEOUT),
                Arguments.of(List.of("wait", "focus", "title=Untitled", "--timeout", "100"), ErrorCode.TIMEOUT),
                Arguments.of(List.of("wait", "window", "x", "--poll-ms", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("launch", "/no/such/program"), ErrorCode.APP_NOT_FOUND),
                Arguments.of(List.of("close-app", "no-such-app"), ErrorCode.APP_NOT_FOUND));
    }

    /** Every command that names a window, as argv with {@code SEL} where the selector goes. */
    private static final List<List<String>> WINDOW_TARGETS = List.of(List.of("close", "SEL"), List.of("focus", "SEL"),
            List.of("maximize", "SEL"), List.of("minimize", "SEL"), List.of("restore", "SEL"),
            List.of("move-window", "SEL", "10", "10"), List.of("resize-window", "SEL", "300", "200"),
            List.of("click", "SEL"), List.of("dblclick", "SEL"), List.of("screenshot", "--window", "SEL"));

    private static List<String> aimedAt(List<String> template, String selector) {
        return template.stream().map(w -> w.equals("SEL") ? selector : w).toList();
    }

    /**
     * Each window-naming command (and the waits, which wait out a missing window instead) fails the same way for the
     * same bad selector; nothing is acted on (the ambiguous one names windows that exist).
     */
    static Stream<Arguments> selectorFailures() {
        List<Arguments> out = new ArrayList<>();
        for (List<String> t : WINDOW_TARGETS) {
            out.add(Arguments.of(aimedAt(t, "title=no such window"), ErrorCode.SELECTOR_NOT_FOUND));
            out.add(Arguments.of(aimedAt(t, "title=/(/"), ErrorCode.SELECTOR_INVALID));
            out.add(Arguments.of(aimedAt(t, "t"), ErrorCode.SELECTOR_AMBIGUOUS));
        }
        for (String wait : List.of("window", "focus")) {
            out.add(Arguments.of(List.of("wait", wait, "title=/(/", "--timeout", "100"), ErrorCode.SELECTOR_INVALID));
            out.add(Arguments.of(List.of("wait", wait, "t", "--timeout", "100"), ErrorCode.SELECTOR_AMBIGUOUS));
        }
        out.add(Arguments.of(List.of("launch", "--wait-window", "title=/(/", "--", "true"), ErrorCode.SELECTOR_INVALID));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("selectorFailures")
    void aBadWindowSelectorFailsAlikeEverywhere(List<String> argv, ErrorCode code) {
        String windowsBefore = tool("xwininfo", "-root", "-tree");
        badInputGivesTheStructuredError(argv, code);
        assertThat(tool("xwininfo", "-root", "-tree")).as("no window moved, came or went").isEqualTo(windowsBefore);
    }

    /** A program that exits before showing a window is PROCESS_EXIT with its status; one that shows none, TIMEOUT. */
    @Test
    void launchSaysWhyNoWindowCame() {
        JsonNode exited = ContractAssert.envelope(uictl("launch", "--wait-window", "--", "sh", "-c", "exit 3"));
        assertThat(exited.get("error").get("code").asString()).as(exited.toString()).isEqualTo("PROCESS_EXIT");
        assertThat(exited.get("error").get("details").get("exit_code").asInt()).isEqualTo(3);
        JsonNode silent = ContractAssert.envelope(uictl("launch", "--wait-window", "--timeout", "300", "--",
                "sleep", "2"));
        assertThat(silent.get("error").get("code").asString()).as(silent.toString()).isEqualTo("TIMEOUT");
        long pid = silent.get("error").get("details").path("pid").asLong();
        assertThat(silent.get("error").get("hint").asString()).contains("still running as pid");
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
    }

    @Test
    void aRefToAClosedWindowIsStaleForEveryCommand() {
        JsonNode launched = ok("launch", "--wait-window", "--", "xterm", "-T", "doomed xterm");
        String ref = null;
        for (JsonNode w : ok("list-windows").get("windows")) {
            if (w.get("title").asString().equals("doomed xterm")) {
                ref = "@" + w.get("ref_id").asString();
            }
        }
        assertThat(ref).as("the doomed xterm's ref").isNotNull();
        ProcessHandle.of(launched.get("pid").asLong()).ifPresent(ProcessHandle::destroyForcibly);
        ok("wait", "window", "title=doomed xterm", "--gone", "--timeout", "10000");
        assertThat(tool("xwininfo", "-root", "-tree")).doesNotContain("doomed xterm");
        for (List<String> t : WINDOW_TARGETS) {
            JsonNode e = ContractAssert.envelope(uictl(aimedAt(t, ref).toArray(String[]::new)));
            assertThat(e.get("error").get("code").asString()).as(t + " " + e).isEqualTo("STALE_REF");
            assertThat(e.get("error").get("hint").asString()).contains("uictl list-windows");
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("badInput")
    void badInputGivesTheStructuredError(List<String> argv, ErrorCode code) {
        UictlRun.Output out = uictl(argv.toArray(String[]::new));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo(code.name());
        if (code.name().startsWith("SELECTOR_")) {
            assertThat(e.get("error").get("details").has("selector")).isTrue();
            assertThat(e.get("error").get("details").has("mode")).isTrue();
        }
        if (code == ErrorCode.SELECTOR_AMBIGUOUS) {
            assertThat(e.get("error").get("details").get("candidates").size()).isGreaterThan(1);
        }
        if (code == ErrorCode.TIMEOUT) {
            JsonNode d = e.get("error").get("details");
            assertThat(d.get("timeout_ms").asInt()).isEqualTo(100);
            assertThat(d.get("last_observation").get("kind").asString()).isIn("selector_not_found", "window_not_focused");
        }
    }

    @Test
    void withoutADisplayTheHintSaysDesktopUp() {
        Map<String, String> env = new HashMap<>(DESKTOP.env());
        env.put("DISPLAY", "");
        JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", "list-windows"));
        assertThat(e.get("error").get("code").asString()).isEqualTo("DEPENDENCY_MISSING");
        assertThat(e.get("error").get("hint").asString()).contains("uictl desktop up");
    }

    /** Splits an example line like a POSIX shell would for simple single-quoted words. */
    static String[] shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
                any = true;
            } else if (c == ' ' && !quoted) {
                if (any) {
                    words.add(current.toString());
                }
                current.setLength(0);
                any = false;
            } else {
                current.append(c);
                any = true;
            }
        }
        if (any) {
            words.add(current.toString());
        }
        return words.toArray(String[]::new);
    }
}
