package dev.uictl.engine.desktop.capture;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.model.Monitor;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.service.DesktopService;
import java.util.List;
import java.util.function.Supplier;

/** The window domain's answers, in the shape screenshots need. */
public final class DesktopServiceLayout implements DesktopLayout {
    private final Supplier<DesktopService> desktop;

    public DesktopServiceLayout(Supplier<DesktopService> desktop) {
        this.desktop = desktop;
    }

    @Override
    public Located window(CallContext ctx, String selectorText) {
        // the session's current refs (no renumbering, so @wN keeps naming the window the agent saw; a ref whose
        // window closed is STALE_REF, as for every window command)
        Window w = desktop.get().resolveWindow(ctx, selectorText);
        if (w.minimized()) {
            throw UictlException.of(ErrorCode.ACTION_FAILED, "window @" + w.refId() + " (" + w.title()
                    + ") is minimized, so it has no pixels on the screen")
                    .withHint("Run `uictl restore @" + w.refId() + "` first.")
                    .withDetail("selector", selectorText).withDetail("window_id", w.windowId());
        }
        return located(w);
    }

    @Override
    public void requireStillThere(CallContext ctx, Located window) {
        Shot.Subject w = window.subject();
        if (!desktop.get().exists(ctx, w.windowId())) {
            throw UictlException.of(ErrorCode.WINDOW_NOT_FOUND, "window @" + w.refId() + " (" + w.title()
                            + ") was destroyed while it was being captured")
                    .withHint("Run `uictl list-windows` to see the current windows.")
                    .withDetail("window_id", w.windowId());
        }
    }

    @Override
    public Located monitor(CallContext ctx, String spec) {
        List<Monitor> monitors = desktop.get().monitors(ctx).monitors();
        for (int i = 0; i < monitors.size(); i++) {
            Monitor m = monitors.get(i);
            if (spec.equals(String.valueOf(i)) || spec.equalsIgnoreCase(m.name())) {
                return new Located(new Shot.Subject("monitor", null, null, null, m.name(), i),
                        new CaptureArea(m.x(), m.y(), m.width(), m.height()));
            }
        }
        throw UictlException.of(ErrorCode.INVALID_ARGS, "no monitor '" + spec + "'; there are " + monitors.size())
                .withHint("Run `uictl get monitors` and pass an index (0.." + (monitors.size() - 1) + ") or a name.")
                .withDetail("monitor", spec)
                .withDetail("monitors", monitors.stream().map(Monitor::name).toList());
    }

    @Override
    public List<Located> windows(CallContext ctx) {
        return desktop.get().listWindows(ctx, null, null, 0).windows().stream().filter(w -> !w.minimized())
                .map(DesktopServiceLayout::located).toList();
    }

    private static Located located(Window w) {
        return new Located(new Shot.Subject("window", w.refId(), w.windowId(), w.title(), null, null),
                new CaptureArea(w.x(), w.y(), w.width(), w.height()));
    }
}
