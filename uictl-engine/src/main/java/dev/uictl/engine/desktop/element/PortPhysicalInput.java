package dev.uictl.engine.desktop.element;

import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.input.KeyCombo;
import dev.uictl.engine.desktop.input.MouseButton;
import dev.uictl.engine.desktop.input.Point;
import dev.uictl.engine.desktop.model.ScreenSize;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.service.DesktopService;
import dev.uictl.engine.desktop.spi.InputInjection;
import java.util.Optional;

/** The physical fallback over the input port and the window stacking of the caller's display, for one call. */
public record PortPhysicalInput(CallContext ctx, InputInjection input, DesktopService desktop) implements PhysicalInput {
    @Override
    public void click(Point at, MouseButton button, int count) {
        input.click(ctx, "click", at, null, button, count, null);
    }

    @Override
    public void move(Point to) {
        input.move(ctx, to);
    }

    @Override
    public void drag(Point from, Point to) {
        input.drag(ctx, from, to, MouseButton.LEFT);
    }

    @Override
    public void scroll(int amount, boolean horizontal) {
        input.scroll(ctx, amount, horizontal);
    }

    @Override
    public void type(String text) {
        input.type(ctx, text, 0);
    }

    @Override
    public void press(String combo) {
        input.press(ctx, "press", KeyCombo.parse(combo));
    }

    @Override
    public int[] screenSize() {
        ScreenSize s = desktop.screenSize(ctx);
        return new int[] {s.width(), s.height()};
    }

    /** The topmost visible window containing the point decides; windows without a known pid tell nothing. */
    @Override
    public Optional<String> coveredAt(Point at, long pid) {
        for (Window w : desktop.listWindows(ctx, null, null, 0).windows()) {
            if (w.visible() && !w.minimized() && at.x() >= w.x() && at.y() >= w.y() && at.x() < w.x() + w.width()
                    && at.y() < w.y() + w.height()) {
                if (w.pid() == null || pid == 0 || w.pid() == pid) {
                    return Optional.empty();
                }
                return Optional.of("window '" + w.title() + "' (" + w.windowId() + ", pid " + w.pid() + ")");
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<String> raise(Point at, long pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        Window best = null;
        for (Window w : desktop.windows(ctx)) {
            if (w.pid() == null || w.pid() != pid || w.minimized()) {
                continue;
            }
            boolean shows = at.x() >= w.x() && at.y() >= w.y() && at.x() < w.x() + w.width()
                    && at.y() < w.y() + w.height();
            if (best == null || shows) {
                best = w;
            }
            if (shows) {
                break;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        try {
            desktop.focus(ctx, "id=" + best.windowId());
            return Optional.of("window '" + best.title() + "' (" + best.windowId() + ")");
        } catch (dev.uictl.core.error.UictlException e) {
            return Optional.empty();
        }
    }

    @Override
    public java.util.Set<String> windowsOf(long pid) {
        if (pid <= 0) {
            return java.util.Set.of();
        }
        return desktop.windows(ctx).stream().filter(w -> w.pid() != null && w.pid() == pid).map(Window::windowId)
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }
}
