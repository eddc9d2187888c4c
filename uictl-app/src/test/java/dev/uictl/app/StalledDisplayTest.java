package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.engine.desktop.env.ManagedProcess;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * An X server that stops answering (stopped with SIGSTOP, as a hung or swapped-out server would be): every command
 * that talks to the display answers TIMEOUT within its bound instead of hanging, all of them at once, and once the
 * server runs again the same shared connection serves the next calls correctly (the late replies to the abandoned
 * requests are dropped, not handed to a later caller).
 */
class StalledDisplayTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(800, 600, 1, true, false);

    /** Two X reply timeouts (10 s each: a call may queue behind another for one, then wait one itself) and slack. */
    private static final long BOUND_MS = 25_000;

    /** Commands that start programs or read the accessibility bus (this desktop has none) rather than X. */
    private static final Set<String> NOT_X_BOUND = Set.of("launch", "find", "get element", "is", "snapshot",
            "wait element", "wait idle", "wait text");

    static List<CommandSpec> displayCommands() {
        return UictlRun.app().dispatcher().registry().specs().stream()
                .filter(s -> s.errors().contains(ErrorCode.DEPENDENCY_MISSING) && s.errors().contains(ErrorCode.TIMEOUT))
                .filter(s -> !s.name().startsWith("desktop ") && !NOT_X_BOUND.contains(s.name()))
                .filter(s -> s.category() != Category.TMUX && s.category() != Category.TERMINAL
                        && s.category() != Category.SCRIPTED && s.category() != Category.DAEMON
                        && s.category() != Category.ELEMENTS)
                .toList();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyDisplayCommandTimesOutOnAStoppedServerAndTheConnectionServesAgainAfterwards() throws Exception {
        DESKTOP.launch("xterm", "-title", "stall-probe");
        ExternalTool.await("xterm mapped", () -> UictlRun.run(DESKTOP.env(), "", "list-windows", "--text")
                .stdout().contains("stall-probe"));
        long xvfb = DESKTOP.state().processes().stream().filter(p -> p.role().equals("xvfb"))
                .mapToLong(ManagedProcess::pid).findFirst().orElseThrow();
        List<CommandSpec> specs = displayCommands();
        assertThat(specs).extracting(CommandSpec::name).contains("list-windows", "focus", "click", "type",
                "mouse move", "screenshot", "clipboard get", "get monitors", "wait window");
        Map<String, List<String>> calls = new TreeMap<>();
        for (CommandSpec spec : specs) {
            calls.put(spec.name(), ShellWords.split(spec.examples().getFirst().commandLine()));
        }
        Map<String, String> answers;
        signal("STOP", xvfb);
        try {
            answers = ConcurrentCalls.codes(DESKTOP.env(), calls, BOUND_MS, 10_000);
        } finally {
            signal("CONT", xvfb);
        }
        assertThat(answers).as("every display command, all at once, against a stopped X server")
                .allSatisfy((command, answer) -> assertThat(answer).as(command).isEqualTo("TIMEOUT"));

        // The shared connection serves again: the screen size and the windows are the server's, and input lands
        // where xdotool (its own connection) sees the pointer.
        JsonNode size = data(UictlRun.run(DESKTOP.env(), "", "get", "screen-size"));
        assertThat(size.get("width").asInt()).isEqualTo(800);
        assertThat(size.get("height").asInt()).isEqualTo(600);
        String xid = null;
        for (JsonNode w : data(UictlRun.run(DESKTOP.env(), "", "list-windows")).get("windows")) {
            xid = w.get("title").asString().equals("stall-probe") ? w.get("xid").asString() : xid;
        }
        assertThat(xid).as("the xterm is still listed").isNotNull();
        assertThat(ExternalTool.run(DESKTOP.env(), "xwininfo", "-id", xid).text()).contains("stall-probe");
        data(UictlRun.run(DESKTOP.env(), "", "mouse", "move", "321", "234"));
        assertThat(ExternalTool.run(DESKTOP.env(), "xdotool", "getmouselocation").text()).startsWith("x:321 y:234 ");
    }

    private static JsonNode data(UictlRun.Output out) {
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        return e.get("data");
    }

    private static void signal(String name, long pid) throws Exception {
        assertThat(new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor()).isZero();
    }
}
