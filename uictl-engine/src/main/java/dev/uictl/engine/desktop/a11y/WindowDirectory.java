package dev.uictl.engine.desktop.a11y;

import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.model.Window;
import java.util.List;
import java.util.Optional;

/**
 * The X windows the accessibility side matches its top-level windows to. A port so snapshots and queries do not
 * name the window system; {@link #NONE} serves callers without a display.
 */
public interface WindowDirectory {
    List<Window> windows(CallContext ctx);

    Optional<Window> active(CallContext ctx);

    /** The one window a selector names, or the selector's error. */
    Window resolve(CallContext ctx, String selector);

    WindowDirectory NONE = new WindowDirectory() {
        public List<Window> windows(CallContext ctx) {
            return List.of();
        }

        public Optional<Window> active(CallContext ctx) {
            return Optional.empty();
        }

        public Window resolve(CallContext ctx, String selector) {
            throw dev.uictl.core.error.UictlException.of(dev.uictl.core.error.ErrorCode.PLATFORM_NOT_SUPPORTED,
                    "no window system to resolve '" + selector + "'");
        }
    };
}
