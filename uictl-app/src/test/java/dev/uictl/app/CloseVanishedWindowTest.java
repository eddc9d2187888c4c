package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Without a window manager, close sends WM_DELETE_WINDOW to the window itself, so a window destroyed after it was
 * found makes the server answer BadWindow. close reports what is true: the window is gone, as asked (a success,
 * verified), the same answer as under a window manager; never WINDOW_NOT_FOUND for a window it was asked to end.
 */
class CloseVanishedWindowTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(800, 600, 1, false, false);

    /** SendEvent: the request that carries WM_DELETE_WINDOW. */
    private static final int SEND_EVENT = 25;

    @Test
    void closingAWindowDestroyedAfterItWasFoundIsASuccessWithoutAWindowManager() throws Exception {
        Process xterm = DESKTOP.launch("xterm", "-title", "vanishing-unmanaged");
        try (X11FaultProxy proxy = X11FaultProxy.inFrontOf(DESKTOP.display())) {
            Map<String, String> env = proxy.env(DESKTOP.env());
            String xid = RefusingDisplayTest.awaitWindow(env, xterm.pid());
            AtomicBoolean killed = new AtomicBoolean();
            proxy.beforeFirst(r -> r.major() == SEND_EVENT && r.firstWord() == Integer.decode(xid), () -> {
                ExternalTool.run(DESKTOP.env(), "xkill", "-id", xid);
                killed.set(true);
            });
            JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", "close", "pid=" + xterm.pid()));
            assertThat(killed).as("the window was destroyed before the close request reached it").isTrue();
            assertThat(e.get("success").asBoolean()).as(e.toString()).isTrue();
            assertThat(e.get("data").get("verified").asBoolean()).isTrue();
            assertThat(xterm.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(ExternalTool.run(DESKTOP.env(), "xwininfo", "-id", xid).exit()).as("xwininfo finds it").isNotZero();
        }
    }
}
