package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;

/** The one mapping from the accessibility library's failures to uictl error codes. */
public final class AccessibilityErrors {
    private AccessibilityErrors() {
    }

    public static UictlException map(AtspiException e) {
        return switch (e) {
            case AtspiException.BusUnavailable b -> UictlException.of(ErrorCode.DEPENDENCY_MISSING,
                            "no accessibility bus: " + b.getMessage())
                    .withHint("Start a desktop with accessibility: `uictl desktop up`, then export the env it prints.")
                    .withDetail("dependency", "a11y-bus");
            case AtspiException.Unresponsive u -> UictlException.of(ErrorCode.APP_UNRESPONSIVE, u.getMessage())
                    .withHint("The application is hung or stopped; check it with `uictl list-apps`, retry with a "
                            + "larger --timeout, or close it with `uictl close-app`.")
                    .withDetail("bus", u.bus()).withDetail("waited_ms", u.waitedMillis());
            case AtspiException.ObjectGone g -> UictlException.of(ErrorCode.STALE_REF,
                            "the element no longer exists: " + g.getMessage())
                    .withHint("Run `uictl snapshot -i` again and use the new refs.");
            case AtspiException.CallFailed c -> UictlException.of(ErrorCode.ACTION_FAILED, c.getMessage())
                    .withDetail("dbus_error", c.errorName() == null ? "" : c.errorName());
            case AtspiException.Cancelled c -> UictlException.of(ErrorCode.TIMEOUT, c.getMessage())
                    .withDetail("kind", "cancelled");
        };
    }
}
