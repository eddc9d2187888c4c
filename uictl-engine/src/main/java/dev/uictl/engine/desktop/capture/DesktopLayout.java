package dev.uictl.engine.desktop.capture;

import java.util.List;
import java.util.Map;

/** Where windows and monitors are, as the screenshot pipeline needs them (answered by the window domain). */
public interface DesktopLayout {
    /** A window or monitor and its rectangle in screen coordinates. */
    record Located(Shot.Subject subject, CaptureArea area) {
    }

    /** The one window {@code selector} names; selector errors (not found, ambiguous, invalid) propagate. */
    Located window(Map<String, String> env, String selector);

    /** The monitor {@code spec} names: a 0-based index in `get monitors` order, or a monitor name. */
    Located monitor(Map<String, String> env, String spec);

    /** The mapped (not minimized) windows, topmost first, each with its current ref. */
    List<Located> windows(Map<String, String> env);
}
