package dev.uictl.engine.desktop.service;

import dev.uictl.engine.desktop.connection.DisplayConnections;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.engine.desktop.model.Monitor;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.model.WindowAction;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The desktop service against a private Xvfb + openbox with two xterms and a GTK window; xprop/xwininfo are the oracle. */
@Tag("x11")
class DesktopServiceTest {
    static final String GTK = "import gi; gi.require_version('Gtk','3.0'); gi.require_version('Gdk','3.0'); "
            + "from gi.repository import Gtk, Gdk, GLib; GLib.set_prgname('gtkfixture'); Gdk.set_program_class('GtkFixture'); "
            + "w=Gtk.Window(title='GTK Fixture'); w.set_default_size(300,200); w.connect('destroy', Gtk.main_quit); "
            + "w.show_all(); Gtk.main()";
    static TestDesktop desktop;
    static final DisplayConnections connections = new DisplayConnections();
    static DesktopService service;
    static CommandContext ctx;

    @BeforeAll
    static void start() throws Exception {
        desktop = TestDesktop.start(true);
        service = new DesktopService(connections);
        ctx = desktop.context("test");
        desktop.spawn("xterm", "-T", "alpha term");
        desktop.spawn("xterm", "-T", "beta term");
        desktop.spawn("/usr/bin/python3", "-c", GTK);
        desktop.awaitOutput(() -> clientList().size() == 3);
    }

    @AfterAll
    static void stop() throws Exception {
        service.close();
        connections.close();
        desktop.close();
    }

    static List<Long> clientList() {
        Matcher m = Pattern.compile("0x[0-9a-f]+").matcher(desktop.run("xprop", "-root", "_NET_CLIENT_LIST_STACKING"));
        return m.results().map(r -> Long.decode(r.group())).toList();
    }

    /** What xprop says of each managed window's WM_CLASS (the oracle for "no window of that class is left"). */
    static List<String> clientClasses() {
        return clientList().stream().map(xid -> desktop.run("xprop", "-id", Long.toString(xid), "WM_CLASS")).toList();
    }

    static int[] xwininfo(String xid) {
        String info = desktop.run("xwininfo", "-id", xid);
        return Arrays.stream(new String[]{"Absolute upper-left X", "Absolute upper-left Y", "Width", "Height"})
                .mapToInt(key -> Integer.parseInt(info.lines().filter(l -> l.strip().startsWith(key + ":")).findFirst()
                        .orElseThrow().replaceAll(".*:\\s*", "").strip())).toArray();
    }

    static Window only(String selector) {
        return service.listWindows(ctx, null, null, 0).windows().stream()
                .filter(w -> w.title().equals(selector)).findFirst().orElseThrow();
    }

    @Test
    void listingMatchesXwininfoAndXpropTopmostFirst() {
        List<Window> windows = service.listWindows(ctx, null, null, 0).windows();
        List<Long> bottomFirst = clientList();

        assertThat(windows).extracting(Window::refId).containsExactly("w1", "w2", "w3");
        assertThat(windows).extracting(w -> Long.decode(w.xid())).containsExactlyElementsOf(bottomFirst.reversed());
        for (Window w : windows) {
            assertThat(new int[]{w.x(), w.y(), w.width(), w.height()}).as(w.title()).containsExactly(xwininfo(w.xid()));
            String props = desktop.run("xprop", "-id", w.xid(), "_NET_WM_PID", "WM_CLASS", "_NET_WM_NAME", "WM_NAME");
            assertThat(props).contains("_NET_WM_PID(CARDINAL) = " + w.pid()).contains("\"" + w.appName() + "\"")
                    .contains("\"" + w.title() + "\"");
            assertThat(w.windowId()).matches("win\\d+");
            assertThat(w.desktop()).isZero();
        }
        assertThat(windows).extracting(Window::appName).containsExactlyInAnyOrder("XTerm", "XTerm", "GtkFixture");
        assertThat(windows).filteredOn(w -> w.appName().equals("GtkFixture")).extracting(Window::type).containsExactly("normal");
    }

    @Test
    void windowIdsAreStableAcrossListingsAndSessionsHaveTheirOwnRefs() {
        var first = service.listWindows(ctx, null, null, 0).windows();
        var second = service.listWindows(desktop.context("other"), null, 2, 1);
        assertThat(second.pagination().total()).isEqualTo(3);
        assertThat(second.pagination().hasMore()).isFalse();
        assertThat(second.windows()).extracting(Window::windowId)
                .containsExactly(first.get(1).windowId(), first.get(2).windowId());
        assertThat(service.listWindows(ctx, "xterm", null, 0).windows()).hasSize(2)
                .allSatisfy(w -> assertThat(w.appName()).isEqualTo("XTerm"));
    }

    @Test
    void focusIsVerifiedThroughNetActiveWindow() {
        WindowAction a = service.focus(ctx, "title='alpha term'");
        assertThat(a.verified()).isTrue();
        assertThat(a.delivery()).isEqualTo("delivered_verified");
        assertThat(desktop.run("xprop", "-root", "_NET_ACTIVE_WINDOW")).contains(a.window().xid());
        assertThat(service.activeWindow(ctx).window().title()).isEqualTo("alpha term");

        service.focus(ctx, "title~=beta");
        assertThat(desktop.run("xprop", "-root", "_NET_ACTIVE_WINDOW")).contains(only("beta term").xid());
    }

    @Test
    void moveAndResizeLandExactlyWhereAsked() {
        WindowAction moved = service.move(ctx, "title='GTK Fixture'", 200, 150);
        assertThat(moved.verified()).isTrue();
        assertThat(xwininfo(moved.window().xid())).startsWith(200, 150);

        WindowAction movedTerm = service.move(ctx, "title='alpha term'", 33, 44); // xterm has a 1-pixel X border
        assertThat(movedTerm.verified()).isTrue();
        assertThat(xwininfo(movedTerm.window().xid())).startsWith(33, 44);

        WindowAction resized = service.resize(ctx, "class=gtkfixture", 420, 260);
        assertThat(resized.verified()).isTrue();
        assertThat(xwininfo(resized.window().xid())).containsExactly(200, 150, 420, 260);
    }

    @Test
    void minimizeMaximizeRestoreShowInNetWmState() {
        String xid = only("beta term").xid();
        assertThat(service.maximize(ctx, "title='beta term'").verified()).isTrue();
        assertThat(desktop.run("xprop", "-id", xid, "_NET_WM_STATE")).contains("_NET_WM_STATE_MAXIMIZED_VERT");
        assertThat(service.minimize(ctx, "title='beta term'").verified()).isTrue();
        assertThat(desktop.run("xprop", "-id", xid, "_NET_WM_STATE")).contains("_NET_WM_STATE_HIDDEN");
        WindowAction restored = service.restore(ctx, "title='beta term'");
        assertThat(restored.verified()).isTrue();
        assertThat(desktop.run("xprop", "-id", xid, "_NET_WM_STATE")).doesNotContain("HIDDEN").doesNotContain("MAXIMIZED");
    }

    /** An xterm of its own for a test that changes window state; closed (and verified gone) afterwards. */
    static void withOwnTerm(String title, java.util.function.Consumer<String> body) throws Exception {
        Process p = desktop.spawn("xterm", "-T", title);
        try {
            body.accept(service.waits().window(ctx, "title='" + title + "'", false, 10_000, 100).window().xid());
        } finally {
            p.destroy();
            service.waits().window(ctx, "title='" + title + "'", true, 10_000, 100);
        }
    }

    static String mapState(String xid) {
        return desktop.run("xwininfo", "-id", xid).lines().filter(l -> l.contains("Map State:")).findFirst().orElseThrow();
    }

    static void assertReportedAsXHasIt(Window w) {
        assertThat(new int[]{w.x(), w.y(), w.width(), w.height()}).as(w.title()).containsExactly(xwininfo(w.xid()));
        assertThat(w.visible()).as("visible of %s vs %s", w, mapState(w.xid())).isEqualTo(mapState(w.xid()).contains("IsViewable"));
        assertThat(w.focused()).as("focused of %s", w)
                .isEqualTo(desktop.run("xprop", "-root", "_NET_ACTIVE_WINDOW").contains(w.xid()));
    }

    /** Openbox animates iconify: state, mapping and focus change at different moments; each is awaited. */
    @Test
    void minimizeReportsAHiddenUnfocusedWindow() throws Exception {
        withOwnTerm("minimize me", xid -> {
            for (int i = 0; i < 5; i++) {
                service.focus(ctx, "title='minimize me'");
                WindowAction a = service.minimize(ctx, "title='minimize me'");
                assertThat(a.verified()).as("run %d: %s", i, a).isTrue();
                assertThat(a.window().minimized()).isTrue();
                assertThat(a.window().focused()).as("run %d", i).isFalse();
                assertThat(a.window().visible()).as("run %d", i).isFalse();
                assertThat(mapState(xid)).contains("IsUnMapped");
                assertThat(desktop.run("xprop", "-id", xid, "_NET_WM_STATE")).contains("_NET_WM_STATE_HIDDEN");
                assertThat(desktop.run("xprop", "-root", "_NET_ACTIVE_WINDOW")).doesNotContain(xid);
                WindowAction r = service.restore(ctx, "title='minimize me'");
                assertThat(r.verified()).as("run %d: %s", i, r).isTrue();
                assertReportedAsXHasIt(r.window());
            }
        });
    }

    @Test
    void restoreReportsTheGeometryXHas() throws Exception {
        withOwnTerm("restore me", xid -> {
            assertThat(service.move(ctx, "title='restore me'", 100, 99).verified()).isTrue();
            for (int i = 0; i < 5; i++) {
                assertThat(service.minimize(ctx, "title='restore me'").verified()).isTrue();
                WindowAction r = service.restore(ctx, "title='restore me'");
                assertThat(r.verified()).as("run %d: %s", i, r).isTrue();
                assertThat(r.window().visible()).isTrue();
                assertThat(xwininfo(xid)).as("run %d", i).startsWith(100, 99);
                assertReportedAsXHasIt(r.window());
            }
        });
    }

    @Test
    void maximizingAMinimizedWindowShowsItMaximized() throws Exception {
        withOwnTerm("maximize me", xid -> {
            for (int i = 0; i < 3; i++) {
                assertThat(service.minimize(ctx, "title='maximize me'").verified()).isTrue();
                WindowAction m = service.maximize(ctx, "title='maximize me'");
                assertThat(m.verified()).as("run %d: %s", i, m).isTrue();
                assertThat(mapState(xid)).as("run %d", i).contains("IsViewable");
                assertThat(desktop.run("xprop", "-id", xid, "_NET_WM_STATE")).contains("MAXIMIZED_VERT")
                        .contains("MAXIMIZED_HORZ").doesNotContain("HIDDEN");
                assertReportedAsXHasIt(m.window());
                WindowAction r = service.restore(ctx, "title='maximize me'");
                assertThat(r.verified()).isTrue();
                assertReportedAsXHasIt(r.window());
            }
        });
    }

    /** xterm takes whole character cells (WM_NORMAL_HINTS increments): the accepted size is computed and verified. */
    @Test
    void resizeOffTheSizeIncrementsVerifiesTheAcceptedSizeAtOnce() throws Exception {
        withOwnTerm("resize me", xid -> {
            String hints = desktop.run("xprop", "-id", xid, "WM_NORMAL_HINTS");
            int[] inc = numbers(hints, "program specified resize increment: (\\d+) by (\\d+)");
            int[] base = numbers(hints, "program specified base size: (\\d+) by (\\d+)");
            assertThat(inc[0]).as(hints).isGreaterThan(1);
            for (int i = 0; i < 4; i++) {
                int asked = 401 + 37 * i;
                long start = System.nanoTime();
                WindowAction a = service.resize(ctx, "title='resize me'", asked, 251 + 23 * i);
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertThat(a.verified()).as("run %d: %s", i, a).isTrue();
                assertThat(ms).as("returns once the accepted size holds, not after the verify timeout")
                        .isLessThan(DesktopService.VERIFY_TIMEOUT_MS);
                assertThat(a.requested()).isEqualTo(new dev.uictl.engine.desktop.model.WindowSize(asked, 251 + 23 * i));
                int[] actual = xwininfo(xid);
                assertThat(a.expected()).isEqualTo(new dev.uictl.engine.desktop.model.WindowSize(actual[2], actual[3]));
                assertThat((actual[2] - base[0]) % inc[0]).isZero();
                assertThat((actual[3] - base[1]) % inc[1]).isZero();
                assertThat(actual[2]).isBetween(asked - inc[0] + 1, asked);
                assertReportedAsXHasIt(a.window());
            }
        });
    }

    static int[] numbers(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return new int[]{Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }

    /** The window `wait window` returns is placed and shown, as `launch --wait-window` has it. */
    @Test
    void waitWindowReturnsThePlacedShownWindow() throws Exception {
        for (int i = 0; i < 5; i++) {
            String title = "waited " + i;
            Process p = desktop.spawn("xterm", "-T", title);
            try {
                Window w = service.waits().window(ctx, "title='" + title + "'", false, 10_000, 100).window();
                assertThat(w.visible()).as(title).isTrue();
                assertThat(new int[]{w.x(), w.y(), w.width(), w.height()}).as(title).containsExactly(xwininfo(w.xid()));
            } finally {
                p.destroy();
                service.waits().window(ctx, "title='" + title + "'", true, 10_000, 100);
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void selectorErrorsAreStructured() {
        assertThatThrownBy(() -> service.focus(ctx, "class=xterm")).isInstanceOfSatisfying(UictlException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.SELECTOR_AMBIGUOUS);
            assertThat((List<Window>) e.details().get("candidates")).hasSize(2).extracting(Window::title)
                    .containsExactlyInAnyOrder("alpha term", "beta term");
        });
        assertThatThrownBy(() -> service.close(ctx, "title=nothing-like-this"))
                .extracting(e -> ((UictlException) e).code()).isEqualTo(ErrorCode.SELECTOR_NOT_FOUND);
        assertThatThrownBy(() -> service.close(ctx, "pid=abc"))
                .extracting(e -> ((UictlException) e).code()).isEqualTo(ErrorCode.SELECTOR_INVALID);
        assertThat(clientList()).hasSize(3);
    }

    @Test
    @SuppressWarnings("unchecked")
    void waitFocusTimeoutSaysTheWindowIsNotFocused() {
        service.focus(ctx, "title='alpha term'");
        assertThatThrownBy(() -> service.waits().focus(ctx, "title='beta term'", 300, 50))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
                    assertThat(e.details()).containsEntry("timeout_ms", 300L).containsEntry("poll_ms", 50L)
                            .containsEntry("wait", "focus");
                    Map<String, Object> last = (Map<String, Object>) e.details().get("last_observation");
                    assertThat(last).containsEntry("kind", "window_not_focused");
                    assertThat(((Window) last.get("window")).title()).isEqualTo("beta term");
                });
        assertThatThrownBy(() -> service.waits().window(ctx, "title=ghost", false, 100, 50))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(
                        (Map<String, Object>) e.details().get("last_observation")).containsEntry("kind", "selector_not_found"));
    }

    @Test
    void launchWaitsForTheWindowAndCloseAppVerifiesItIsGone() {
        var launched = service.apps().launch(ctx, List.of("xterm", "-T", "launched term"), true, null, 10_000, 250);
        assertThat(launched.window()).isNotNull();
        assertThat(launched.window().title()).isEqualTo("launched term");
        assertThat(launched.window().pid()).isEqualTo(launched.pid());

        var waited = service.waits().window(ctx, "title='launched term'", false, 1000, 100);
        assertThat(waited.window().xid()).isEqualTo(launched.window().xid());

        WindowAction closed = service.close(ctx, "title='launched term'");
        assertThat(closed.verified()).as("%s / now %s", closed, service.listWindows(ctx, null, null, 0)).isTrue();
        assertThat(clientList()).doesNotContain(Long.decode(launched.window().xid()));
        assertThat(service.waits().window(ctx, "title='launched term'", true, 1000, 100).waitedFor()).isEqualTo("window_gone");
        assertThat(ProcessHandle.of(launched.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    /** Openbox lists a new client before placing it; the window launch returns must already be where X has it. */
    @Test
    void launchReturnsTheWindowPlacedAndShown() {
        for (int i = 0; i < 5; i++) {
            var launched = service.apps().launch(ctx, List.of("xterm", "-T", "placed " + i), true, null, 10_000, 250);
            var w = launched.window();
            assertThat(w.visible()).as(w.title()).isTrue();
            assertThat(new int[]{w.x(), w.y(), w.width(), w.height()}).as(w.title()).containsExactly(xwininfo(w.xid()));
            service.close(ctx, "id=" + w.windowId());
        }
    }

    @Test
    void closeAppClosesEveryWindowOfTheApplication() throws Exception {
        desktop.spawn("xterm", "-class", "Doomed", "-T", "doomed one");
        desktop.spawn("xterm", "-class", "Doomed", "-T", "doomed two");
        service.waits().until(ctx, 10_000, 100, ws -> ws.stream().filter(w -> w.appName().equals("Doomed")).count() == 2
                ? java.util.Optional.of(true) : java.util.Optional.empty()).orElseThrow();
        assertThat(service.apps().list(ctx).apps()).anySatisfy(a -> {
            assertThat(a.name()).isEqualTo("Doomed");
            assertThat(a.windowCount()).isEqualTo(2);
        });
        var result = service.apps().close(ctx, "doomed", false, 5000);
        assertThat(result.verified()).isTrue();
        assertThat(result.windowCount()).isEqualTo(2);
        assertThat(result.method()).isEqualTo("graceful");
        assertThat(clientClasses()).isNotEmpty().anyMatch(c -> c.contains("\"XTerm\""))
                .noneMatch(c -> c.contains("\"Doomed\""));
        assertThat(service.apps().list(ctx).apps()).noneMatch(a -> a.name().equals("Doomed"));
        assertThatThrownBy(() -> service.apps().close(ctx, "doomed", false, 100))
                .extracting(e -> ((UictlException) e).code()).isEqualTo(ErrorCode.APP_NOT_FOUND);
    }

    static final String STUBBORN = "import gi; gi.require_version('Gtk','3.0'); gi.require_version('Gdk','3.0'); "
            + "from gi.repository import Gtk, Gdk; Gdk.set_program_class('Stubborn'); w=Gtk.Window(title='stubborn'); "
            + "w.connect('delete-event', lambda *a: True); w.show_all(); Gtk.main()";

    @Test
    void anAppThatRefusesToCloseNeedsForce() throws Exception {
        desktop.spawn("/usr/bin/python3", "-c", STUBBORN);
        service.waits().window(ctx, "class=stubborn", false, 10_000, 100);
        assertThatThrownBy(() -> service.apps().close(ctx, "stubborn", false, 300))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.APP_UNRESPONSIVE);
                    assertThat(e.hint()).contains("--force");
                });
        assertThat(desktop.run("xprop", "-root", "_NET_CLIENT_LIST")).contains(only("stubborn").xid().substring(2));

        var forced = service.apps().close(ctx, "stubborn", true, 300);
        assertThat(forced.verified()).isTrue();
        assertThat(forced.method()).isEqualTo("sigterm");
        assertThat(forced.pids()).hasSize(1);
        assertThat(ProcessHandle.of(forced.pids().getFirst()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void waitsWakeOnXEventsNotOnTheirPollInterval() throws Exception {
        var appeared = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> service.waits().window(ctx, "title='late arrival'", false, 30_000, 60_000));
        Process late = desktop.spawn("xterm", "-T", "late arrival");
        var result = appeared.get(20, java.util.concurrent.TimeUnit.SECONDS); // a 60 s poll would miss this
        assertThat(result.window().pid()).isEqualTo(late.pid());

        service.focus(ctx, "title='alpha term'");
        var focused = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> service.waits().focus(ctx, "title='late arrival'", 30_000, 60_000));
        desktop.run("xdotool", "windowactivate", Long.toString(Long.decode(result.window().xid())));
        assertThat(focused.get(20, java.util.concurrent.TimeUnit.SECONDS).window().focused()).isTrue();

        var gone = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> service.waits().window(ctx, "title='late arrival'", true, 30_000, 60_000));
        late.destroy();
        assertThat(gone.get(20, java.util.concurrent.TimeUnit.SECONDS).waitedFor()).isEqualTo("window_gone");
    }

    @Test
    void concurrentSessionsListWithoutCrossTalk() throws Exception {
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            var results = new java.util.ArrayList<java.util.concurrent.Future<List<String>>>();
            for (int s = 0; s < 8; s++) {
                CommandContext session = desktop.context("load-" + s);
                results.add(pool.submit(() -> {
                    List<String> seen = new java.util.ArrayList<>();
                    for (int i = 0; i < 25; i++) {
                        List<Window> ws = service.listWindows(session, null, null, 0).windows();
                        assertThat(ws).extracting(Window::refId).startsWith("w1");
                        seen.add(ws.stream().map(w -> w.refId() + "=" + w.windowId()).toList().toString());
                    }
                    return seen;
                }));
            }
            java.util.Set<String> distinct = new java.util.HashSet<>();
            for (var r : results) {
                distinct.addAll(r.get(60, java.util.concurrent.TimeUnit.SECONDS));
            }
            assertThat(distinct).as("every session saw the same stacking, ids and refs").hasSize(1);
        }
    }

    @Test
    void twoRandrMonitorsAreReportedExactly() {
        desktop.run("xrandr", "--setmonitor", "*LEFT", "640/169x800/211+0+0", "screen");
        desktop.run("xrandr", "--setmonitor", "RIGHT", "640/170x800/212+640+0", "none");
        try {
            assertThat(service.monitors(ctx).monitors()).containsExactlyInAnyOrder(
                    new Monitor("LEFT", 0, 0, 640, 800, 169, 211, true, false),
                    new Monitor("RIGHT", 640, 0, 640, 800, 170, 212, false, false));
            assertThat(desktop.run("xrandr", "--listmonitors")).contains("LEFT 640/169x800/211+0+0")
                    .contains("RIGHT 640/170x800/212+640+0");
            var info = service.systemInfo(ctx);
            assertThat(info.monitorCount()).isEqualTo(2);
            assertThat(info.screen().width()).isEqualTo(1280);
            assertThat(info.windowManager()).isEqualToIgnoringCase("Openbox");
            assertThat(info.socketPath()).isEqualTo("/tmp/.X11-unix/X" + desktop.display().substring(1));
        } finally {
            desktop.run("xrandr", "--delmonitor", "LEFT");
            desktop.run("xrandr", "--delmonitor", "RIGHT");
        }
    }

    @Test
    void noDisplayIsDependencyMissingWithTheDesktopUpHint() {
        for (Map<String, String> env : List.of(Map.<String, String>of(), Map.of("DISPLAY", ":64999"))) {
            assertThatThrownBy(() -> service.listWindows(TestDesktop.context("x", env), null, null, 0))
                    .isInstanceOfSatisfying(UictlException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.DEPENDENCY_MISSING);
                        assertThat(e.hint()).contains("uictl desktop up");
                    });
        }
    }
}
