package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.registry.CommandSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * An X server that refuses requests, and windows that die between a command's lookup and its action, injected by an
 * {@link X11FaultProxy} in front of a real desktop. A refused request is ACTION_FAILED naming the X error, for every
 * command that talks to the display; it changes nothing, and it poisons nothing (the next calls on the same shared
 * connection work, keyboard input included). A window destroyed after it was found is WINDOW_NOT_FOUND, never a
 * success.
 */
class RefusingDisplayTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(800, 600, 1, true, false);

    /**
     * Requests that act on a window or the display (rather than read it): ConfigureWindow, ChangeProperty,
     * SendEvent, SetInputFocus, GetImage, KillClient, and XTEST's input and MIT-SHM's image reads.
     */
    private static final Set<Integer> ACTING_OPCODES = Set.of(12, 18, 25, 42, 73, 113);
    private static final Predicate<X11FaultProxy.Request> ACTING = r -> ACTING_OPCODES.contains(r.major())
            || "XTEST".equals(r.extension()) || "MIT-SHM".equals(r.extension());

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void everyDisplayCommandAnswersActionFailedWhenTheServerRefusesAndNothingChanges() throws Exception {
        Process xterm = DESKTOP.launch("xterm", "-title", "refusal-probe");
        String xid = awaitWindow(DESKTOP.env(), xterm.pid());
        String geometry = geometry(xid);
        String pointer = ExternalTool.run(DESKTOP.env(), "xdotool", "getmouselocation").text();
        Map<String, List<String>> calls = new TreeMap<>();
        for (CommandSpec spec : StalledDisplayTest.displayCommands()) {
            calls.put(spec.name(), ShellWords.split(spec.examples().getFirst().commandLine()));
        }
        assertThat(calls).containsKeys("close-app", "close", "move-window", "type", "key-down", "clipboard set",
                "get screen-size", "list-windows", "wait window", "screenshot");
        try (X11FaultProxy proxy = X11FaultProxy.inFrontOf(DESKTOP.display())) {
            Map<String, String> env = proxy.env(DESKTOP.env());
            ok(UictlRun.run(env, "", "list-windows")); // the shared connection exists before the faults start
            Map<String, String> answers = new TreeMap<>();
            calls.forEach((name, argv) -> {
                proxy.refuse(r -> true, X11FaultProxy.BAD_ALLOC);
                JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", argv.toArray(String[]::new)));
                proxy.heal();
                answers.put(name, e.get("success").asBoolean() ? "success"
                        : e.get("error").get("code").asString() + " " + e.get("error").get("details").path("x_error").asString());
            });
            assertThat(answers).as("every display command while the server refuses every request")
                    .allSatisfy((command, answer) -> assertThat(answer).as(command).isEqualTo("ACTION_FAILED BadAlloc"));
            assertThat(proxy.refused()).isGreaterThanOrEqualTo(calls.size());
            // launch --wait-window reads the windows there are before it starts the program: refused, it starts
            // nothing (an error without a pid must not leave a process behind)
            proxy.refuse(r -> true, X11FaultProxy.BAD_ALLOC);
            JsonNode launch = ContractAssert.envelope(UictlRun.run(env, "", "launch", "--wait-window", "--timeout",
                    "3000", "--", "sleep", "29.75"));
            proxy.heal();
            assertThat(launch.path("error").path("code").asString()).as(launch.toString()).isEqualTo("ACTION_FAILED");
            assertThat(ExternalTool.run(DESKTOP.env(), "pgrep", "-f", "sleep 29.75").exit()).as("started").isEqualTo(1);

            // Nothing reached the server: the window (which close and close-app were asked to end) is where it was,
            // the pointer too.
            assertThat(xterm.isAlive()).isTrue();
            assertThat(geometry(xid)).isEqualTo(geometry);
            assertThat(ExternalTool.run(DESKTOP.env(), "xdotool", "getmouselocation").text()).isEqualTo(pointer);

            // The same connection serves again, keyboard included (its mapping is read afresh, not left unset): the
            // shell in the xterm runs what is typed.
            Path typed = DESKTOP.runtimeDir().resolve("typed.txt");
            ok(UictlRun.run(env, "", "focus", "pid=" + xterm.pid()));
            ok(UictlRun.run(env, "", "type", "echo refused-then-typed > " + typed));
            ok(UictlRun.run(env, "", "press", "Return"));
            ExternalTool.await("the shell ran the typed line", () -> read(typed).equals("refused-then-typed\n"));
            ok(UictlRun.run(env, "", "mouse", "move", "321", "234"));
            assertThat(ExternalTool.run(DESKTOP.env(), "xdotool", "getmouselocation").text()).startsWith("x:321 y:234 ");
        }
        xterm.destroy();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aWindowDestroyedBetweenLookupAndActionIsWindowNotFound() throws Exception {
        Map<String, List<String>> calls = new TreeMap<>(Map.of(
                "click", List.of("click", "%s"),
                "dblclick", List.of("dblclick", "%s"),
                "close", List.of("close", "%s"),  // asked for the window to be gone, and it is: success
                "focus", List.of("focus", "%s"),
                "maximize", List.of("maximize", "%s"),
                "minimize", List.of("minimize", "%s"),
                "restore", List.of("restore", "%s"),
                "move-window", List.of("move-window", "%s", "50", "60"),
                "resize-window", List.of("resize-window", "%s", "300", "200"),
                "screenshot", List.of("screenshot", "--window", "%s")));
        try (X11FaultProxy proxy = X11FaultProxy.inFrontOf(DESKTOP.display())) {
            Map<String, String> env = proxy.env(DESKTOP.env());
            Map<String, String> answers = new TreeMap<>();
            for (var call : calls.entrySet()) {
                Process xterm = DESKTOP.launch("xterm", "-title", "vanishing-" + call.getKey());
                String xid = awaitWindow(env, xterm.pid());
                // The window's client is killed (xkill: the server destroys its windows before answering) just
                // before the command's first acting request reaches the server.
                proxy.beforeFirst(ACTING, () -> ExternalTool.run(DESKTOP.env(), "xkill", "-id", xid));
                String[] argv = call.getValue().stream().map(a -> a.formatted("pid=" + xterm.pid()))
                        .toArray(String[]::new);
                JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", argv));
                proxy.heal();
                answers.put(call.getKey(), e.get("success").asBoolean()
                        ? "success" + (e.get("data").path("verified").asBoolean() ? " verified" : " " + e.get("data"))
                        : e.get("error").get("code").asString());
                assertThat(xterm.waitFor(10, TimeUnit.SECONDS)).as("xkill ended the xterm of " + call.getKey()).isTrue();
            }
            assertThat(answers).as("each window command whose window dies after it was found")
                    .allSatisfy((command, answer) -> assertThat(answer).as(command)
                            .isEqualTo(command.equals("close") ? "success verified" : "WINDOW_NOT_FOUND"));
            ok(UictlRun.run(env, "", "list-windows"));
        }
    }

    static String awaitWindow(Map<String, String> env, long pid) {
        String[] xid = new String[1];
        ExternalTool.await("the xterm of pid " + pid + " mapped", () -> {
            JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", "list-windows"));
            for (JsonNode w : e.path("data").path("windows")) {
                if (w.get("pid").asLong() == pid && w.get("visible").asBoolean()) {
                    xid[0] = w.get("xid").asString();
                }
            }
            return xid[0] != null;
        });
        return xid[0];
    }

    /** The window's position and size as xwininfo (its own connection) reports them. */
    private static String geometry(String xid) {
        return ExternalTool.run(DESKTOP.env(), "xwininfo", "-id", xid).text().lines()
                .filter(l -> l.contains("Absolute upper-left") || l.contains("Width:") || l.contains("Height:"))
                .map(String::strip).toList().toString();
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static JsonNode ok(UictlRun.Output out) {
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        return e.get("data");
    }
}
