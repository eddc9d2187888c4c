package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

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
 * The accessibility bus's daemon dies under a running desktop, for callers that name it (AT_SPI_BUS_ADDRESS; found
 * through the session bus instead, a new one would be started): every accessibility command, all at once, answers
 * DEPENDENCY_MISSING at once (a gone socket is not waited on for the connect budget, and concurrent callers do not
 * queue behind one another's attempts), and the X side goes on serving (xwininfo is the oracle).
 */
class DeadAccessibilityBusTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(800, 600, 1, true, true);

    /** Well under the 5 s connect budget a caller would otherwise wait, once per caller queued ahead of it. */
    private static final long BOUND_MS = 2_500;

    private static final List<List<String>> A11Y_CALLS = List.of(List.of("snapshot", "-i"),
            List.of("find", "--role", "button"), List.of("get", "element", "role=button", "--property", "name"),
            List.of("is", "role=button", "--property", "enabled"), List.of("click", "role=button name=OK"),
            List.of("wait", "element", "role=button", "--timeout", "1000"), List.of("wait", "idle"),
            List.of("snapshot"), List.of("find", "--name", "x", "--count"));

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyAccessibilityCommandFailsFastAndTheDesktopGoesOn() throws Exception {
        DESKTOP.launch("xterm", "-title", "bus-probe");
        ExternalTool.await("xterm mapped", () -> UictlRun.run(DESKTOP.env(), "", "list-windows", "--text")
                .stdout().contains("bus-probe"));
        Map<String, String> naming = new java.util.HashMap<>(DESKTOP.env());
        naming.put("AT_SPI_BUS_ADDRESS", DESKTOP.state().a11yBus());
        assertThat(ContractAssert.envelope(UictlRun.run(naming, "", "find", "--role", "button", "--count"))
                .get("success").asBoolean()).as("the bus answers before it dies").isTrue();
        String socket = DESKTOP.state().a11yBus().replaceFirst("^unix:path=([^,]*).*$", "$1");
        ProcessHandle busDaemon = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(socket)).findFirst().orElseThrow();
        busDaemon.destroy();
        Poll.until("the accessibility bus daemon gone", () -> !busDaemon.isAlive());

        Map<String, List<String>> calls = new TreeMap<>();
        for (int round = 0; round < 3; round++) {
            for (List<String> call : A11Y_CALLS) {
                calls.put(round + " " + String.join(" ", call), call);
            }
        }
        Map<String, String> answers = ConcurrentCalls.codes(naming, calls, BOUND_MS, 27_500);
        assertThat(answers).as("every accessibility command, three times over, at once, with the bus gone")
                .allSatisfy((call, answer) -> assertThat(answer).as(call).isEqualTo("DEPENDENCY_MISSING"));

        String xid = null;
        for (JsonNode w : ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", "list-windows")).get("data")
                .get("windows")) {
            xid = w.get("title").asString().equals("bus-probe") ? w.get("xid").asString() : xid;
        }
        assertThat(xid).as("the X side still lists the xterm").isNotNull();
        assertThat(ExternalTool.run(DESKTOP.env(), "xwininfo", "-id", xid).text()).contains("bus-probe");
    }
}
