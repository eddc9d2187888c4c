package dev.uictl.engine.desktop.service;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.x11.wire.X11Exception;

/** The one place X11 library failures become uictl error codes (SPEC §2.2). */
public final class DesktopErrors {
    private static final String STALLED_HINT = "Check that the X server is running and not stopped (`uictl doctor`).";
    static final String DESKTOP_UP_HINT = "Run `uictl desktop up` to start a private desktop, then use the DISPLAY it prints"
            + " (or export DISPLAY=:N for a running X server).";

    private DesktopErrors() {
    }

    /** No DISPLAY in the caller's environment. */
    public static UictlException noDisplay() {
        return UictlException.of(ErrorCode.DEPENDENCY_MISSING, "no X display: DISPLAY is not set")
                .withHint(DESKTOP_UP_HINT).withDetail("dependency", "x-display");
    }

    /** Minimize and maximize are a window manager's states; none runs (or the one that ran died). */
    public static UictlException noWindowManager(String action) {
        return UictlException.of(ErrorCode.DEPENDENCY_MISSING, action + " needs a window manager, and none is "
                        + "running on this display (move-window, resize-window, focus and close work without one)")
                .withHint("Start a private desktop with a window manager: `uictl desktop up`.")
                .withDetail("dependency", "window-manager").withDelivery(Delivery.NOT_DELIVERED);
    }

    /** The display's synthetic input stayed held by another call for a whole X reply timeout. */
    public static UictlException inputBusy(String display) {
        return UictlException.of(ErrorCode.TIMEOUT, "the input of display " + display
                        + " stayed busy: the call holding it is waiting for the X server")
                .withHint(STALLED_HINT).withDetail("kind", "input_busy").withDetail("display", display);
    }

    public static UictlException map(X11Exception e, String display) {
        return switch (e) {
            case X11Exception.ConnectFailed c -> UictlException.of(ErrorCode.DEPENDENCY_MISSING, c.getMessage())
                    .withHint(DESKTOP_UP_HINT).withDetail("dependency", "x-display").withDetail("display", display)
                    .withCause(e);
            case X11Exception.ConnectionLost l -> UictlException.of(ErrorCode.DEPENDENCY_MISSING,
                            "the X server of display " + display + " went away: " + l.getMessage())
                    .withHint(DESKTOP_UP_HINT).withDetail("dependency", "x-display").withDetail("display", display)
                    .withDetail("reason", "connection_lost").withCause(e);
            case X11Exception.Timeout t -> UictlException.of(ErrorCode.TIMEOUT,
                            "the X server of display " + display + " did not answer: " + t.getMessage())
                    .withHint(STALLED_HINT)
                    .withDetail("kind", "x_server").withDetail("display", display).withCause(e);
            case X11Exception.ExtensionMissing m -> UictlException.of(ErrorCode.DEPENDENCY_MISSING, m.getMessage())
                    .withHint("Use an X server with the " + m.extension() + " extension (Xvfb and Xorg have it).")
                    .withDetail("dependency", m.extension()).withCause(e);
            case X11Exception.Protocol p when p.windowGone() -> UictlException.of(ErrorCode.WINDOW_NOT_FOUND,
                            "the window 0x" + Integer.toHexString(p.error().badValue()) + " no longer exists")
                    .withHint("Run `uictl list-windows` to see the current windows.")
                    .withDetail("xid", "0x" + Integer.toHexString(p.error().badValue())).withCause(e);
            case X11Exception.Protocol p -> UictlException.of(ErrorCode.ACTION_FAILED, "the X server refused: " + p.getMessage())
                    .withDetail("x_error", p.error().name()).withDetail("major_opcode", p.error().majorOpcode())
                    .withDetail("minor_opcode", p.error().minorOpcode()).withCause(e);
            case X11Exception.Cancelled c -> throw new Cancellation.CancelledException(c.getMessage());
            case X11Exception.RequestTooLong r -> UictlException.of(ErrorCode.ACTION_FAILED, r.getMessage()).withCause(e);
        };
    }
}
