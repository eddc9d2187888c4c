package dev.uictl.atspi.walk;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.testkit.Poll;
import java.time.Duration;

/** Test helper: waits (the shared polling helper, up to 15 s) until an application shows a node of a role. */
final class Apps {
    private Apps() {
    }

    static Desktop.App awaitShowing(AtspiConnection bus, long pid, String role) {
        TreeWalker walker = new TreeWalker(new NodeReader(bus));
        return Poll.value("application " + pid + " showing a " + role, Duration.ofSeconds(15), () -> new Desktop(bus)
                .applications(Budget.of(Duration.ofSeconds(2))).stream()
                .filter(app -> app.pid() == pid && showing(walker.walk(app.root(),
                        WalkLimits.DEFAULT.withBounds(false), Budget.of(Duration.ofSeconds(5))).root(), role))
                .findFirst());
    }

    static boolean showing(Node n, String role) {
        if (n.info().roleName().equals(role) && n.info().states().has(States.SHOWING)) {
            return true;
        }
        return n.children().stream().anyMatch(c -> showing(c, role));
    }
}
