package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.engine.desktop.env.ManagedProcess;
import dev.uictl.testkit.Poll;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The window manager dies under a running desktop (its _NET_SUPPORTING_WM_CHECK and client list stay behind on the
 * root, stale): uictl notices, lists a window mapped afterwards, moves, resizes and closes windows itself (what X
 * does without a window manager), and refuses maximize and minimize with DEPENDENCY_MISSING, nothing delivered,
 * instead of waiting 3 s for a state nobody will set and reporting success. xwininfo and xdotool, on their own
 * connections, are the oracle.
 */
class WindowManagerGoneTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(800, 600, 1, true, false);

    @Test
    void windowsAreManagedDirectlyOnceTheWindowManagerIsGone() {
        DESKTOP.launch("xterm", "-title", "before-wm-death");
        Poll.until("the first xterm listed", () -> titles().contains("before-wm-death"));
        ProcessHandle wm = ProcessHandle.of(DESKTOP.state().processes().stream()
                .filter(p -> p.role().equals("wm")).mapToLong(ManagedProcess::pid).findFirst().orElseThrow())
                .orElseThrow();
        wm.destroy();
        Poll.until("the window manager gone", () -> !wm.isAlive());
        assertThat(ExternalTool.run(DESKTOP.env(), "xprop", "-root", "_NET_SUPPORTING_WM_CHECK").text())
                .as("the dead window manager's announcement stays on the root").contains("window id");

        DESKTOP.launch("xterm", "-title", "after-wm-death");
        Poll.until("the xterm mapped after the window manager died is listed",
                () -> titles().contains("after-wm-death"));

        ok("move-window", "title=after-wm-death", "40", "50");
        ok("resize-window", "title=after-wm-death", "300", "200");
        String info = ExternalTool.run(DESKTOP.env(), "xwininfo", "-name", "after-wm-death").text();
        assertThat(info).contains("Absolute upper-left X:  40").contains("Absolute upper-left Y:  50")
                .contains("Width: 300").contains("Height: 200");

        for (String action : List.of("maximize", "minimize")) {
            JsonNode e = ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", action, "title=after-wm-death"));
            assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
            assertThat(e.get("error").get("code").asString()).isEqualTo("DEPENDENCY_MISSING");
            assertThat(e.get("error").get("details").get("dependency").asString()).isEqualTo("window-manager");
            assertThat(e.get("error").get("delivery").asString()).isEqualTo("not_delivered");
        }
        assertThat(ExternalTool.run(DESKTOP.env(), "xwininfo", "-name", "after-wm-death").text())
                .as("neither maximized nor unmapped").contains("IsViewable").contains("Width: 300");

        ok("close", "title=before-wm-death");
        assertThat(ExternalTool.run(DESKTOP.env(), "xdotool", "search", "--name", "^before-wm-death$").text())
                .as("closed: its client got WM_DELETE_WINDOW and went").isBlank();
        ok("close", "title=after-wm-death");
    }

    private static List<String> titles() {
        return ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", "list-windows")).get("data").get("windows")
                .valueStream().map(w -> w.get("title").asString()).toList();
    }

    private static void ok(String... argv) {
        JsonNode e = ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", argv));
        assertThat(e.get("success").asBoolean()).as(e.toString()).isTrue();
        assertThat(e.get("data").get("verified").asBoolean()).as(e.toString()).isTrue();
    }
}
