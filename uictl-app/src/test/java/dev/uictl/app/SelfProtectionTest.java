package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import dev.uictl.x11.io.AtomCache;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.proto.core.Atom;
import dev.uictl.x11.proto.core.ChangeProperty;
import dev.uictl.x11.proto.core.CreateWindow;
import dev.uictl.x11.proto.core.WindowRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * `close-app --force` never signals uictl's own process: a window of this process (its pid comes from XRes, and here
 * uictl runs in the same process) that ignores the polite close is left alive with POLICY_DENIED, instead of uictl
 * terminating itself. The window still being there (xwininfo) and this test still running are the oracle.
 */
class SelfProtectionTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(640, 480, 1, true, false);

    @Test
    void closeAppForceRefusesToSignalUictlItself() {
        try (X11Connection x = X11Connection.open(DESKTOP.env().get("DISPLAY"), DESKTOP.env())) {
            AtomCache atoms = new AtomCache(x);
            int w = x.generateId();
            x.send(CreateWindow.simple(w, x.root(), 10, 10, 200, 100, 0));
            x.send(ChangeProperty.string(w, Atom.WM_NAME, Atom.STRING, "uictl's own window"));
            // takes WM_DELETE_WINDOW, so the window manager asks politely instead of killing the connection
            x.send(ChangeProperty.ints(w, atoms.atom("WM_PROTOCOLS"), Atom.ATOM, atoms.atom("WM_DELETE_WINDOW")));
            x.send(WindowRequest.map(w)).check();
            String self = Long.toString(ProcessHandle.current().pid());
            Poll.until("the window listed with this process's pid", () -> UictlRun.run(DESKTOP.env(), "",
                    "list-windows", "--text").stdout().contains("pid=" + self));

            JsonNode e = ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", "close-app", self, "--force",
                    "--timeout", "300"));
            assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
            assertThat(e.get("error").get("code").asString()).isEqualTo("POLICY_DENIED");
            assertThat(ExternalTool.run(DESKTOP.env(), "xwininfo", "-id", Integer.toString(w)).text())
                    .contains("uictl's own window");
            x.send(WindowRequest.destroy(w)).check();
        }
    }
}
