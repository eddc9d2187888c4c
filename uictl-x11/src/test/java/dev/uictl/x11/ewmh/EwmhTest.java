package dev.uictl.x11.ewmh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.io.AtomCache;
import dev.uictl.x11.io.TestDisplay;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.proto.core.Atom;
import dev.uictl.x11.proto.core.ChangeProperty;
import dev.uictl.x11.proto.core.CreateWindow;
import dev.uictl.x11.proto.core.WindowRequest;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** EWMH reads and requests against openbox with two xterms; xprop and xwininfo are the oracle. */
@Tag("x11")
class EwmhTest {
    static TestDisplay display;
    static X11Connection x;
    static Ewmh ewmh;

    @BeforeAll
    static void start() throws Exception {
        display = TestDisplay.start().withOpenbox();
        x = display.connect();
        ewmh = new Ewmh(x, new AtomCache(x));
        display.spawn("xterm", "-T", "first", "-class", "First");
        display.spawn("xterm", "-T", "second", "-class", "Second");
        // both managed, and openbox done focusing and raising the newest (the stacking the tests compare holds still)
        TestDisplay.awaitCondition(() -> {
            Ewmh.RootState root = ewmh.rootState();
            return root.clientsTopmostFirst().length == 2 && root.activeWindow() == root.clientsTopmostFirst()[0];
        });
    }

    @AfterAll
    static void stop() throws Exception {
        x.close();
        display.close();
    }

    static int byTitle(String title) {
        return ewmh.describe(ewmh.clientsTopmostFirst()).stream().filter(c -> c.title().equals(title))
                .findFirst().orElseThrow().xid();
    }

    static int[] absolute(int window) throws Exception {
        String info = display.run("xwininfo", "-id", Integer.toString(window));
        return Pattern.compile("(?m)^\\s*(Absolute upper-left X|Absolute upper-left Y|Width|Height):\\s+(-?\\d+)")
                .matcher(info).results().mapToInt(m -> Integer.parseInt(m.group(2))).toArray();
    }

    @Test
    void rootStateMatchesXprop() throws Exception {
        Ewmh.RootState root = ewmh.rootState();
        assertThat(root.managed()).isTrue();
        assertThat(ewmh.windowManagerName()).hasValueSatisfying(n -> assertThat(n).containsIgnoringCase("openbox"));
        String stacking = display.run("xprop", "-root", "_NET_CLIENT_LIST_STACKING");
        assertThat(stacking).contains("0x" + Integer.toHexString(root.clientsTopmostFirst()[1]) + ", 0x"
                + Integer.toHexString(root.clientsTopmostFirst()[0]));
    }

    @Test
    void describeReportsClientAreaTitleClassAndPid() throws Exception {
        for (ClientWindow c : ewmh.describe(ewmh.clientsTopmostFirst())) {
            assertThat(new int[]{c.x(), c.y(), c.width(), c.height()}).containsExactly(absolute(c.xid()));
            assertThat(display.run("xprop", "-id", Integer.toString(c.xid()), "WM_CLASS", "_NET_WM_PID"))
                    .contains("\"" + c.instance() + "\", \"" + c.className() + "\"").contains("= " + c.pid());
            assertThat(c.mapped()).isTrue();
        }
        assertThat(ewmh.frameExtents(byTitle("first"))).satisfies(e -> assertThat(e[2]).isPositive());
        assertThat(ewmh.describe(0x7fffff0)).isEmpty();
    }

    @Test
    void clientsAreDescribedWhateverTheGuess() {
        int[] actual = ewmh.rootState().clientsTopmostFirst();
        var titles = ewmh.describe(actual).stream().map(ClientWindow::title).toList();
        for (int[] guess : new int[][]{{}, actual, {0x7ffff01, actual[0]}, {actual[actual.length - 1]}}) {
            Ewmh.Clients clients = ewmh.clients(guess);
            assertThat(clients.windows()).extracting(ClientWindow::title).containsExactlyElementsOf(titles);
            assertThat(clients.root().clientsTopmostFirst()).containsExactly(actual);
        }
        int active = ewmh.activeWindow();
        for (int guess : new int[]{0, active, 0x7ffff01}) {
            assertThat(ewmh.activeClient(guess).windows()).extracting(ClientWindow::xid)
                    .containsExactlyElementsOf(active == 0 ? java.util.List.of() : java.util.List.of(active));
        }
    }

    @Test
    void thePidOfAClientWithoutNetWmPidComesFromXResource() throws Exception {
        int w = x.generateId();
        x.send(CreateWindow.simple(w, x.root(), 0, 0, 120, 80, 0));
        x.send(ChangeProperty.string(w, Atom.WM_NAME, Atom.STRING, "no pid here"));
        x.send(WindowRequest.map(w)).check();
        TestDisplay.awaitCondition(() -> java.util.Arrays.stream(ewmh.clientsTopmostFirst()).anyMatch(c -> c == w));
        assertThat(display.run("xprop", "-id", Integer.toString(w), "_NET_WM_PID")).contains("not found");
        assertThat(ewmh.describe(w)).hasValueSatisfying(c -> assertThat(c.pid()).isEqualTo(ProcessHandle.current().pid()));
        x.send(WindowRequest.destroy(w)).check();
    }

    @Test
    void activateMoveResizeAndCloseAreHonouredByTheWindowManager() throws Exception {
        int first = byTitle("first");
        ewmh.requestActivate(first);
        TestDisplay.awaitCondition(() -> ewmh.activeWindow() == first);

        // openbox offsets a static-gravity request by the client's original X border (xterm: 1 pixel)
        int border = 1;
        ewmh.requestMoveResize(first, 150, 120, null, null);
        TestDisplay.awaitCondition(() -> {
            try {
                int[] a = absolute(first);
                return a[0] == 150 + border && a[1] == 120 + border;
            } catch (Exception e) {
                return false;
            }
        });

        int second = byTitle("second");
        ewmh.requestClose(second);
        TestDisplay.awaitCondition(() -> ewmh.clientsTopmostFirst().length == 1);
        assertThat(ewmh.clientsTopmostFirst()).containsExactly(first);
    }
}
