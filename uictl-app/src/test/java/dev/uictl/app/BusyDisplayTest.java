package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.file.OwnerOnly;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * desktop up on a display another X server already serves: Xvfb refuses to start, so the call is ACTION_FAILED
 * with Xvfb's own words in details.log, nothing of the new desktop keeps running, and the server already there
 * keeps serving (xwininfo, on its own connection, is the oracle).
 */
class BusyDisplayTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(640, 480, 1, false, false);

    @TempDir
    Path work;

    @Test
    void aDisplayAlreadyServedIsRefusedWithXvfbsWordsAndTheServerThereKeepsServing() throws Exception {
        Path runtime = Files.createDirectory(work.resolve("runtime"),
                OwnerOnly.DIRECTORY);
        Map<String, String> env = Map.of("UICTL_RUNTIME_DIR", runtime.toString(), "DISPLAY", "");

        JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "up", "--name", "second", "--display",
                DESKTOP.display(), "--no-wm", "--no-a11y"));

        assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
        assertThat(e.get("error").get("code").asString()).isEqualTo("ACTION_FAILED");
        assertThat(e.get("error").get("details").get("log").toString()).contains("already running");
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> String.join(" ", a)
                .contains(runtime.toString())).orElse(false)).toList()).as("no process of the refused desktop")
                .isEmpty();
        JsonNode status = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "status"));
        assertThat(status.get("data").get("count").asInt()).isZero();
        assertThat(ExternalTool.run(DESKTOP.env(), "xwininfo", "-root").exit()).as("the server already there")
                .isZero();
    }
}
