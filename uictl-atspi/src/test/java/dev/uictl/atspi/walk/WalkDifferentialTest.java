package dev.uictl.atspi.walk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.atspi.A11yDesktop;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.Component;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Our walk of a real application equals python3-pyatspi's (libatspi) walk of the same application, node by node:
 * role, name, description, states, child count and screen extents.
 */
@Tag("x11")
class WalkDifferentialTest {
    private static A11yDesktop desktop;

    @BeforeAll
    static void up() throws Exception {
        desktop = A11yDesktop.start();
    }

    @AfterAll
    static void down() throws Exception {
        desktop.close();
    }

    @Test
    void fixtureTreeEqualsPyatspi() throws Exception {
        Process app = desktop.fixture("Walk fixture");
        compare(Apps.awaitShowing(desktop.connection(), app.pid(), "push button"), app.pid());
    }

    @Test
    void gtk3DemoTreeEqualsPyatspi() throws Exception {
        Process app = desktop.spawn("gtk3-demo");
        compare(Apps.awaitShowing(desktop.connection(), app.pid(), "tree table"), app.pid());
    }

    @Test
    void widgetFactoryTreeEqualsPyatspi() throws Exception {
        Process app = desktop.spawn("gtk3-widget-factory");
        compare(Apps.awaitShowing(desktop.connection(), app.pid(), "push button"), app.pid());
    }

    /** A GetAll of the Accessible properties, which our walk sent, crashed Qt 5.15 and Qt 6.4 (SIGSEGV). */
    @ParameterizedTest(name = "Qt {0}")
    @ValueSource(strings = {"5", "6"})
    void qtFormTreeEqualsPyatspiAndTheFormLives(String qt) throws Exception {
        Process app = desktop.spawn("/usr/bin/python3", A11yDesktop.REPO.resolve("fixtures/qt_fixture.py").toString(),
                "--qt", qt);
        compare(Apps.awaitShowing(desktop.connection(), app.pid(), "push button"), app.pid());
        assertThat(app.isAlive()).as("the Qt form after our walk").isTrue();
    }

    private static void compare(Desktop.App app, long pid) throws Exception {
        TreeWalker walker = new TreeWalker(new NodeReader(desktop.connection()));
        WalkResult ours = walker.walk(app.root(), WalkLimits.DEFAULT, Budget.of(Duration.ofSeconds(10)));
        JsonNode theirs = new ObjectMapper().readTree(desktop.run(Duration.ofSeconds(60), "/usr/bin/python3",
                A11yDesktop.REPO.resolve("fixtures/atspi_dump.py").toString(), "--pid", Long.toString(pid)));
        List<String> diffs = new ArrayList<>();
        diff("", ours.root(), theirs, diffs);
        assertThat(diffs).as("differences from pyatspi").isEmpty();
        assertThat(ours.complete()).isTrue();
        assertThat(ours.nodeCount()).isEqualTo(count(theirs));
    }

    private static int count(JsonNode n) {
        int c = 1;
        for (JsonNode k : n.path("children")) {
            c += count(k);
        }
        return c;
    }

    private static void diff(String path, Node ours, JsonNode theirs, List<String> out) {
        NodeInfo i = ours.info();
        String here = path + "/" + i.roleName() + "[" + i.name() + "]";
        check(out, here, "role", i.role(), theirs.get("role").asInt());
        check(out, here, "name", i.name(), theirs.get("name").asString());
        check(out, here, "description", i.description(), theirs.get("description").asString());
        List<Integer> states = new ArrayList<>();
        for (int s = 0; s < 64; s++) {
            if (i.states().has(s)) {
                states.add(s);
            }
        }
        List<Integer> theirStates = new ArrayList<>();
        theirs.get("states").forEach(s -> theirStates.add(s.asInt()));
        check(out, here, "states", states, theirStates);
        check(out, here, "child_count", i.childCount(), theirs.get("child_count").asInt());
        JsonNode ext = theirs.get("extents");
        if (i.implementsInterface(Component.NAME) && ext != null && !ext.isNull()) {
            Bounds b = ours.bounds();
            check(out, here, "extents", b == null ? null : List.of(b.x(), b.y(), b.width(), b.height()),
                    List.of(ext.get(0).asInt(), ext.get(1).asInt(), ext.get(2).asInt(), ext.get(3).asInt()));
        } else {
            check(out, here, "has component", i.implementsInterface(Component.NAME), ext != null && !ext.isNull());
        }
        JsonNode kids = theirs.path("children");
        check(out, here, "children walked", ours.children().size(), kids.size());
        for (int k = 0; k < Math.min(ours.children().size(), kids.size()); k++) {
            diff(here, ours.children().get(k), kids.get(k), out);
        }
    }

    private static void check(List<String> out, String where, String what, Object ours, Object theirs) {
        if (!java.util.Objects.equals(ours, theirs)) {
            out.add(where + " " + what + ": ours " + ours + ", pyatspi " + theirs);
        }
    }
}
