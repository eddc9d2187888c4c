package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.registry.CommandSpec;
import dev.uictl.engine.desktop.env.ManagedProcess;
import dev.uictl.testkit.Poll;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The X server goes away under connected callers (terminated: every connection closed): every command that talks
 * to the display, all at once, answers promptly that the display is gone (DEPENDENCY_MISSING, details.reason or the
 * failed reconnection naming the display) instead of hanging or answering something vaguer, and the app keeps
 * answering commands that need no display.
 */
class DisplayGoneTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(800, 600, 1, true, false);

    /** Far below the X reply timeout (10 s): a dead server's socket fails at once, nothing should wait for it. */
    private static final long BOUND_MS = 5_000;

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void everyDisplayCommandSaysTheDisplayIsGonePromptly() throws Exception {
        DESKTOP.launch("xterm", "-title", "gone-probe");
        Poll.until("the xterm listed", () -> UictlRun.run(DESKTOP.env(), "", "list-windows", "--text").stdout()
                .contains("gone-probe"));
        ProcessHandle xvfb = ProcessHandle.of(DESKTOP.state().processes().stream()
                .filter(p -> p.role().equals("xvfb")).mapToLong(ManagedProcess::pid).findFirst().orElseThrow())
                .orElseThrow();
        Map<String, List<String>> calls = new TreeMap<>();
        for (CommandSpec spec : StalledDisplayTest.displayCommands()) {
            calls.put(spec.name(), ShellWords.split(spec.examples().getFirst().commandLine()));
        }
        xvfb.destroy(); // SIGTERM: it closes every connection and removes its socket (a SIGKILLed one leaves it)
        Poll.until("the X server gone", () -> !xvfb.isAlive());
        assertThat(ExternalTool.run(DESKTOP.env(), "xwininfo", "-root").exit()).as("xwininfo cannot connect either")
                .isNotZero();

        Map<String, String> answers = ConcurrentCalls.codes(DESKTOP.env(), calls, BOUND_MS, 10_000);
        assertThat(answers).as("every display command, all at once, after the X server died")
                .allSatisfy((command, answer) -> assertThat(answer).as(command).isEqualTo("DEPENDENCY_MISSING"));
        JsonNode e = ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", "list-windows"));
        assertThat(e.get("error").get("details").get("display").asString()).isEqualTo(DESKTOP.display());
        assertThat(e.get("error").get("details").get("dependency").asString()).isEqualTo("x-display");

        JsonNode version = ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", "version"));
        assertThat(version.get("success").asBoolean()).as("the app still answers").isTrue();
    }
}
