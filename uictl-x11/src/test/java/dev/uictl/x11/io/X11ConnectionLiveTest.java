package dev.uictl.x11.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.x11.proto.core.Atom;
import dev.uictl.x11.proto.core.ChangeProperty;
import dev.uictl.x11.proto.core.ChangeWindowAttributes;
import dev.uictl.x11.proto.core.CreateWindow;
import dev.uictl.x11.proto.core.EventMask;
import dev.uictl.x11.proto.core.EventSelections;
import dev.uictl.x11.proto.core.GetGeometry;
import dev.uictl.x11.proto.core.GetProperty;
import dev.uictl.x11.proto.core.GetWindowAttributes;
import dev.uictl.x11.proto.core.QueryTree;
import dev.uictl.x11.proto.core.WindowRequest;
import dev.uictl.x11.proto.res.QueryClientIds;
import dev.uictl.x11.wire.X11Event;
import dev.uictl.x11.wire.X11Exception;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("x11")
class X11ConnectionLiveTest {
    static TestDisplay display;
    static X11Connection x;

    @BeforeAll
    static void start() throws Exception {
        display = TestDisplay.start();
        x = display.connect();
    }

    @AfterAll
    static void stop() throws Exception {
        x.close();
        display.close();
    }

    private int createNamedWindow(String title) {
        int w = x.generateId();
        x.send(CreateWindow.simple(w, x.root(), 30, 40, 200, 100, EventMask.PROPERTY_CHANGE));
        x.send(ChangeProperty.string(w, Atom.WM_NAME, Atom.STRING, title));
        x.send(ChangeProperty.string(w, Atom.WM_CLASS, Atom.STRING, "fixture\0Fixture\0"));
        x.send(WindowRequest.map(w)).check();
        return w;
    }

    @Test
    void setupDescribesTheScreen() {
        assertThat(x.screen().widthPx()).isEqualTo(1280);
        assertThat(x.screen().heightPx()).isEqualTo(800);
        assertThat(x.setup().maxRequestLength()).isPositive();
    }

    @Test
    void windowsWeCreateAreSeenByXpropWithTheirGeometry() throws Exception {
        int w = createNamedWindow("wire hello");

        assertThat(display.run("xprop", "-id", Integer.toString(w), "WM_NAME", "WM_CLASS"))
                .contains("WM_NAME(STRING) = \"wire hello\"").contains("\"fixture\", \"Fixture\"");
        assertThat(x.call(new GetGeometry(w))).isEqualTo(new GetGeometry.Reply(24, x.root(), 30, 40, 200, 100, 0));
        assertThat(x.call(new QueryTree(x.root())).children()).contains(w);
        assertThat(x.call(GetProperty.of(w, Atom.WM_CLASS)).strings(java.nio.charset.StandardCharsets.ISO_8859_1))
                .containsExactly("fixture", "Fixture");
    }

    @Test
    void atomsAreInternedInOneBatchAndMatchTheServerNames() {
        AtomCache atoms = new AtomCache(x);
        Map<String, Integer> interned = atoms.intern("WM_NAME", "_UICTL_TEST_A", "_UICTL_TEST_B");
        assertThat(interned.get("WM_NAME")).isEqualTo(Atom.WM_NAME);
        assertThat(atoms.names(interned.get("_UICTL_TEST_B"), Atom.WM_CLASS)).containsExactly("_UICTL_TEST_B", "WM_CLASS");
    }

    @Test
    void errorsCarryCodeAndOpcode() {
        assertThatThrownBy(() -> x.call(new GetGeometry(0x1)))
                .isInstanceOfSatisfying(X11Exception.Protocol.class, e -> {
                    assertThat(e.code()).isIn(3, 9); // BadDrawable or BadWindow, by server version
                    assertThat(e.error().majorOpcode()).isEqualTo(14);
                });
        assertThat(x.isOpen()).isTrue();
    }

    @Test
    void propertyChangesArriveAsEvents() throws Exception {
        int w = createNamedWindow("events");
        List<X11Event> seen = new CopyOnWriteArrayList<>();
        try (Subscription ignored = x.subscribe(seen::add)) {
            x.send(ChangeWindowAttributes.eventMask(w, EventMask.PROPERTY_CHANGE));
            x.send(ChangeProperty.string(w, Atom.WM_NAME, Atom.STRING, "renamed")).check();
            TestDisplay.awaitCondition(() -> seen.stream().anyMatch(e ->
                    e instanceof X11Event.PropertyNotify p && p.window() == w && p.atom() == Atom.WM_NAME));
        }
    }

    @Test
    void xResourceTellsTheProcessOwningAWindow() {
        int w = createNamedWindow("pid");
        x.call(new dev.uictl.x11.proto.res.QueryVersion(1, 2));
        assertThat(QueryClientIds.pid(x.call(QueryClientIds.pidOf(w)))).isEqualTo(ProcessHandle.current().pid());
    }

    @Test
    void monitorsComeFromRandR() throws Exception {
        display.run("xrandr", "--setmonitor", "*LEFT", "640/169x800/211+0+0", "screen");
        display.run("xrandr", "--setmonitor", "RIGHT", "640/169x800/211+640+0", "none");
        x.call(dev.uictl.x11.proto.randr.QueryVersion.current());
        var monitors = x.call(new dev.uictl.x11.proto.randr.GetMonitors(x.root(), true));
        AtomCache atoms = new AtomCache(x);

        assertThat(monitors).hasSize(2);
        var left = monitors.stream().filter(m -> atoms.name(m.name()).equals("LEFT")).findFirst().orElseThrow();
        var right = monitors.stream().filter(m -> atoms.name(m.name()).equals("RIGHT")).findFirst().orElseThrow();
        assertThat(left.primary()).isTrue();
        assertThat(List.of(left.x(), left.y(), left.width(), left.height(), left.widthMm(), left.heightMm()))
                .containsExactly(0, 0, 640, 800, 169, 211);
        assertThat(List.of(right.x(), right.width())).containsExactly(640, 640);
        assertThat(display.run("xrandr", "--listmonitors")).contains("LEFT 640/169x800/211+0+0").contains("RIGHT");
    }

    @Test
    void missingExtensionsAreReported() {
        assertThat(x.extension("NO-SUCH-EXTENSION")).isEmpty();
        assertThatThrownBy(() -> x.requireExtension("NO-SUCH-EXTENSION"))
                .isInstanceOf(X11Exception.ExtensionMissing.class);
    }

    @Test
    void noServerIsAConnectFailure() {
        assertThatThrownBy(() -> X11Connection.open(":65000", Map.of()))
                .isInstanceOf(X11Exception.ConnectFailed.class).hasMessageContaining("no X server");
        assertThatThrownBy(() -> X11Connection.open("remote:0", Map.of()))
                .isInstanceOf(X11Exception.ConnectFailed.class).hasMessageContaining("remote");
    }

    @Test
    void killingTheServerFailsPendingWorkFastAndANewServerCanBeReached() throws Exception {
        TestDisplay doomed = TestDisplay.start();
        X11Connection c = doomed.connect();
        doomed.xvfb().destroyForcibly().waitFor();
        assertThatThrownBy(() -> {
            for (int i = 0; i < 1000; i++) {
                c.send(new GetGeometry(c.root())).reply(Duration.ofSeconds(30));
            }
        }).isInstanceOf(X11Exception.ConnectionLost.class);
        assertThat(c.closedFuture()).isDone();
        doomed.close();

        try (TestDisplay fresh = TestDisplay.start(); X11Connection again = fresh.connect()) {
            assertThat(again.call(new GetGeometry(again.root())).width()).isEqualTo(1280);
        }
    }

    private int serverMask(int window) {
        return x.call(new GetWindowAttributes(window)).yourEventMask();
    }

    /** The server's your-event-mask for our connection is the union of the interests still held. */
    @Test
    void twoEventInterestsInOneWindowDoNotOverwriteEachOther() {
        int w = x.generateId();
        x.send(CreateWindow.simple(w, x.root(), 0, 0, 10, 10, 0)).check();
        EventSelections selections = EventSelections.of(x);
        assertThat(EventSelections.of(x)).isSameAs(selections);

        var properties = selections.select(w, EventMask.PROPERTY_CHANGE);
        var structure = selections.select(w, EventMask.STRUCTURE_NOTIFY);
        var propertiesAgain = selections.select(w, EventMask.PROPERTY_CHANGE);
        assertThat(serverMask(w)).isEqualTo(EventMask.PROPERTY_CHANGE | EventMask.STRUCTURE_NOTIFY);

        properties.close();
        assertThat(serverMask(w)).as("another interest still needs PropertyChange")
                .isEqualTo(EventMask.PROPERTY_CHANGE | EventMask.STRUCTURE_NOTIFY);
        propertiesAgain.close();
        propertiesAgain.close();
        assertThat(serverMask(w)).isEqualTo(EventMask.STRUCTURE_NOTIFY);
        structure.close();
        assertThat(serverMask(w)).isZero();
    }
}
