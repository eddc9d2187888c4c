package dev.uictl.engine.desktop.capture;

import dev.uictl.core.call.CallContext;
import java.util.List;

/** Where windows and monitors are, as the screenshot pipeline needs them (answered by the window domain). */
public interface DesktopLayout {
    /** A window or monitor and its rectangle in screen coordinates. */
    record Located(Shot.Subject subject, CaptureArea area) {
    }

    /** The one window {@code selector} names; selector errors (invalid, not found, ambiguous) propagate. */
    Located window(CallContext ctx, String selector);

    /**
     * Throws WINDOW_NOT_FOUND when the window {@link #window} located has been destroyed since: a capture of its
     * rectangle taken after that shows whatever was beneath it.
     */
    void requireStillThere(CallContext ctx, Located window);

    /** The monitor {@code spec} names: a 0-based index in `get monitors` order, or a monitor name. */
    Located monitor(CallContext ctx, String spec);

    /** The windows that are not minimized, topmost first, with refs renumbered as by `list-windows`. */
    List<Located> windows(CallContext ctx);
}
