package dev.uictl.atspi.walk;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.Budget;
import java.time.Duration;

/** Test helper: waits (polling every 20 ms, up to 15 s) until an application shows a node of a role. */
final class Apps {
    private Apps() {
    }

    static Desktop.App awaitShowing(AtspiConnection bus, long pid, String role) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        TreeWalker walker = new TreeWalker(new NodeReader(bus));
        while (System.nanoTime() < end) {
            for (Desktop.App app : new Desktop(bus).applications(Budget.of(Duration.ofSeconds(2)))) {
                if (app.pid() == pid && showing(walker.walk(app.root(), WalkLimits.DEFAULT.withBounds(false),
                        Budget.of(Duration.ofSeconds(5))).root(), role)) {
                    return app;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("application " + pid + " never showed a " + role);
    }

    static boolean showing(Node n, String role) {
        if (n.info().roleName().equals(role) && n.info().states().has(States.SHOWING)) {
            return true;
        }
        return n.children().stream().anyMatch(c -> showing(c, role));
    }
}
