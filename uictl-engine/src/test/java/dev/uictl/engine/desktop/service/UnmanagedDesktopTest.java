package dev.uictl.engine.desktop.service;

import dev.uictl.engine.desktop.connection.DisplayConnections;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.registry.CommandContext;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.model.WindowAction;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Without a window manager (`desktop up --no-wm`): windows come from the root's children, actions use core requests. */
@Tag("x11")
class UnmanagedDesktopTest {
    static TestDesktop desktop;
    static final DisplayConnections connections = new DisplayConnections();
    static DesktopService service;
    static CommandContext ctx;

    @BeforeAll
    static void start() throws Exception {
        desktop = TestDesktop.start(false);
        service = new DesktopService(connections);
        ctx = desktop.context("bare");
        desktop.spawn("xterm", "-T", "bare one", "-geometry", "40x10+10+20");
        desktop.spawn("xterm", "-T", "bare two", "-geometry", "40x10+400+20");
        desktop.awaitOutput(() -> service.listWindows(ctx, null, null, 0).windows().size() == 2);
    }

    @AfterAll
    static void stop() throws Exception {
        service.close();
        connections.close();
        desktop.close();
    }

    @Test
    void listsMappedTopLevelsWithTheirGeometry() {
        List<Window> windows = service.listWindows(ctx, null, null, 0).windows();
        assertThat(windows).extracting(Window::title).contains("bare two").doesNotHaveDuplicates();
        for (Window w : windows) {
            String info = desktop.run("xwininfo", "-id", w.xid());
            assertThat(info).contains("Absolute upper-left X:  " + w.x()).contains("Width: " + w.width());
            assertThat(w.appName()).isEqualTo("XTerm");
            assertThat(w.pid()).isPositive(); // xterm sets _NET_WM_PID even without a WM
        }
    }

    @Test
    void focusMoveAndCloseWorkWithCoreRequests() throws Exception {
        desktop.spawn("xterm", "-T", "bare three", "-geometry", "40x10+10+300");
        service.waits().window(ctx, "title='bare three'", false, 10_000, 100);
        WindowAction focused = service.focus(ctx, "title='bare two'");
        assertThat(focused.verified()).isTrue();
        assertThat(desktop.run("xdotool", "getwindowfocus")).contains(Long.toString(Long.decode(focused.window().xid())));

        WindowAction moved = service.move(ctx, "title='bare three'", 111, 222);
        assertThat(moved.verified()).isTrue();
        assertThat(desktop.run("xwininfo", "-id", moved.window().xid()))
                .contains("Absolute upper-left X:  111").contains("Absolute upper-left Y:  222");

        WindowAction closed = service.close(ctx, "title='bare three'");
        assertThat(closed.verified()).isTrue();
        assertThat(service.listWindows(ctx, null, null, 0).windows()).extracting(Window::title).doesNotContain("bare three");
    }
}
