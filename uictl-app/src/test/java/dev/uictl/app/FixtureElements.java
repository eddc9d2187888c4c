package dev.uictl.app;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.atspi.walk.Node;
import dev.uictl.atspi.walk.NodeReader;
import dev.uictl.atspi.walk.TreeWalker;
import dev.uictl.atspi.walk.WalkLimits;
import dev.uictl.engine.desktop.element.ElementHandle;
import dev.uictl.engine.desktop.element.ElementLocator;
import dev.uictl.engine.desktop.element.Located;
import dev.uictl.testkit.Poll;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Test locators for the engine-level action tests: the elements of one application (by pid) with a role and name,
 * found by a fresh walk each time through the uictl-atspi library. (The product resolves refs and element queries
 * on the read side; these tests exercise the action engine underneath it.)
 */
record FixtureElements(AtspiConnection bus, long pid) {
    List<ElementHandle> all(String role, String name) {
        Budget budget = Budget.of(Duration.ofSeconds(3));
        for (Desktop.App app : new Desktop(bus).applications(budget)) {
            if (app.pid() == pid) {
                Node root = new TreeWalker(new NodeReader(bus)).walk(app.root(), WalkLimits.DEFAULT.withBounds(false),
                        budget).root();
                List<ElementHandle> out = new ArrayList<>();
                collect(root, role, name, out);
                return out;
            }
        }
        return List.of();
    }

    /** The one element with {@code role} and {@code name}; empty while there is none (retried by the engine). */
    ElementLocator one(String role, String name) {
        return deadline -> {
            List<ElementHandle> found = all(role, name);
            if (found.size() > 1) {
                throw new AssertionError("several " + role + " '" + name + "'");
            }
            return found.stream().findFirst().map(h -> new Located(h, null));
        };
    }

    /** Always the handle found now, even after the element is gone (as a ref resolves to a remembered object). */
    ElementLocator pinned(String role, String name) {
        ElementHandle h = Poll.value("a single " + role + " '" + name + "'", Duration.ofSeconds(15), () -> {
            List<ElementHandle> found = all(role, name);
            return found.size() == 1 ? Optional.of(found.getFirst()) : Optional.empty();
        });
        return deadline -> Optional.of(new Located(h, null));
    }

    private static void collect(Node n, String role, String name, List<ElementHandle> out) {
        if (n.info().roleName().equals(role) && n.info().name().equals(name)) {
            out.add(new ElementHandle(n.info().id().bus(), n.info().id().path()));
        }
        n.children().forEach(c -> collect(c, role, name, out));
    }
}
