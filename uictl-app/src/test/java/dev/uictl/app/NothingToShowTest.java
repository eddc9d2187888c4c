package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * What a desktop cannot show: with no window at all, nothing is active (get active-window is WINDOW_NOT_FOUND, as
 * xprop reads the root); a minimized window has no pixels (screenshot --window is ACTION_FAILED, as xwininfo says
 * it is unmapped, and no file is written).
 */
class NothingToShowTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(800, 600, 1, true, false);

    @TempDir
    Path work;

    @Test
    void nothingIsActiveOnADesktopWithoutWindowsThenAMinimizedWindowCannotBeShot() throws Exception {
        assertThat(ExternalTool.run(DESKTOP.env(), "xprop", "-root", "_NET_ACTIVE_WINDOW").text())
                .as("the window manager names no active window").matches("(?s).*(0x0|not found).*");
        assertThat(code(run("get", "active-window"))).isEqualTo("WINDOW_NOT_FOUND");

        DESKTOP.launch("xterm", "-title", "hidden-probe");
        Poll.until("the xterm listed", () -> run("list-windows", "--text").stdout().contains("hidden-probe"));
        JsonNode minimized = ContractAssert.envelope(run("minimize", "title=hidden-probe"));
        assertThat(minimized.get("data").get("verified").asBoolean()).as(minimized.toString()).isTrue();
        assertThat(ExternalTool.run(DESKTOP.env(), "xwininfo", "-name", "hidden-probe").text()).contains("IsUnMapped");

        Path shot = work.resolve("hidden.png");
        JsonNode e = ContractAssert.envelope(run("screenshot", shot.toString(), "--window", "title=hidden-probe"));
        assertThat(code(e)).isEqualTo("ACTION_FAILED");
        assertThat(e.get("error").get("message").asString()).contains("minimized");
        assertThat(shot).doesNotExist();
    }

    private static UictlRun.Output run(String... argv) {
        return UictlRun.run(DESKTOP.env(), "", argv);
    }

    private static String code(UictlRun.Output out) {
        return code(ContractAssert.envelope(out));
    }

    private static String code(JsonNode e) {
        return e.get("success").asBoolean() ? "success" : e.get("error").get("code").asString();
    }
}
