package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.proto.res.QueryClientIds;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Windows, input, screenshots and the clipboard of one process share a single X connection per display; the
 * server's own client list (X-Resource: every client with its process id) is the oracle.
 */
class SharedConnectionTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(640, 480, 1, true, false);

    private static void ok(String... argv) {
        UictlRun.Output out = UictlRun.run(DESKTOP.env(), "", argv);
        assertThat(out.exit()).as(String.join(" ", argv) + ": " + out.stdout()).isZero();
    }

    @Test
    void everyDesktopServiceUsesTheSameConnection() {
        DESKTOP.launch("xterm", "-T", "shared", "-e", "sleep", "600");
        ok("wait", "window", "title=shared", "--timeout", "10000");
        ok("list-windows");
        ok("click", "@w1");
        ok("press", "a");
        ok("type", "é");
        ok("screenshot", "--base64");
        ok("clipboard", "set", "shared connection");
        ok("clipboard", "get");
        ok("mouse", "move", "10", "10");

        long self = ProcessHandle.current().pid();
        try (X11Connection oracle = X11Connection.open(DESKTOP.display(), DESKTOP.env())) {
            List<QueryClientIds.ClientId> clients = oracle.call(new QueryClientIds(0, QueryClientIds.LOCAL_CLIENT_PID));
            long ours = clients.stream().filter(c -> c.values().length > 0 && c.values()[0] == self).count();
            assertThat(ours).as("this process's X clients: the app's one and the oracle's").isEqualTo(2);
        }
    }
}
