package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The one mapping from the accessibility library's failures to uictl error codes. */
public final class AccessibilityErrors {
    private static final String UNRESPONSIVE_HINT = "The application is hung or stopped; check it with `uictl "
            + "list-apps`, retry with a larger --timeout, or close it with `uictl close-app`.";

    private AccessibilityErrors() {
    }

    /**
     * A query found too little while some applications did not answer: what they hold is unknown, so "not found"
     * would be a guess.
     */
    public static UictlException silentApps(String target, int matched, List<Desktop.App> silent) {
        return UictlException.of(ErrorCode.APP_UNRESPONSIVE, (matched == 0 ? "nothing matches '" + target + "'"
                                : "only " + matched + " elements match '" + target + "'") + " among the applications"
                        + " that answered; " + describe(silent) + " did not answer")
                .withHint(UNRESPONSIVE_HINT).withDetail("kind", AccessibilityBackend.UNANSWERED_SEARCH)
                .withDetail("selector", target).withDetail("matches", matched)
                .withDetail("unanswered", listed(silent));
    }

    /** The application of a window did not answer: whether the window has a tree is unknown, not "no". */
    public static UictlException silentWindow(String window, List<Desktop.App> silent) {
        return UictlException.of(ErrorCode.APP_UNRESPONSIVE, "the application of window " + window + ", "
                        + describe(silent) + ", did not answer")
                .withHint(UNRESPONSIVE_HINT).withDetail("window", window)
                .withDetail("unanswered", listed(silent));
    }

    private static List<Map<String, Object>> listed(List<Desktop.App> apps) {
        return apps.stream().map(a -> Map.<String, Object>of("name", a.name(), "pid", a.pid())).toList();
    }

    private static String describe(List<Desktop.App> apps) {
        return apps.stream().map(a -> ElementQueries.SilentApp.of(a).toString()).collect(Collectors.joining(", "));
    }

    public static UictlException map(AtspiException e) {
        return switch (e) {
            case AtspiException.BusUnavailable b -> UictlException.of(ErrorCode.DEPENDENCY_MISSING,
                            "no accessibility bus: " + b.getMessage())
                    .withHint("Start a desktop with accessibility: `uictl desktop up`, then export the env it prints.")
                    .withDetail("dependency", "a11y-bus");
            case AtspiException.Unresponsive u -> UictlException.of(ErrorCode.APP_UNRESPONSIVE, u.getMessage())
                    .withHint(UNRESPONSIVE_HINT)
                    .withDetail("bus", u.bus()).withDetail("waited_ms", u.waitedMillis());
            case AtspiException.ObjectGone g -> UictlException.of(ErrorCode.STALE_REF,
                            "the element no longer exists: " + g.getMessage())
                    .withHint("Run `uictl snapshot -i` again and use the new refs.");
            case AtspiException.CallFailed c -> UictlException.of(ErrorCode.ACTION_FAILED, c.getMessage())
                    .withDetail("dbus_error", c.errorName() == null ? "" : c.errorName());
            case AtspiException.OutOfTime o -> UictlException.of(ErrorCode.TIMEOUT, o.getMessage())
                    .withHint("Raise --timeout; `uictl list-apps` shows whether an application is slow to answer.")
                    .withDetail("kind", "out_of_time");
            case AtspiException.Cancelled c -> UictlException.of(ErrorCode.TIMEOUT, c.getMessage())
                    .withDetail("kind", "cancelled");
        };
    }
}
