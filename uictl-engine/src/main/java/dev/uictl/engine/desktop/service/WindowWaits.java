package dev.uictl.engine.desktop.service;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.model.WaitResult;
import dev.uictl.engine.desktop.select.SelectorMatcher;
import dev.uictl.engine.desktop.select.WindowSelector;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code wait window} and {@code wait focus}: re-check whenever an X event says something changed (client list,
 * active window, a window's properties or geometry) and at least every {@code pollMs}; fail fast on an ambiguous
 * selector; on timeout say what was last seen.
 */
public final class WindowWaits {
    public static final long DEFAULT_TIMEOUT_MS = 10_000;
    public static final long DEFAULT_POLL_MS = 250;

    private final DesktopService desktop;

    WindowWaits(DesktopService desktop) {
        this.desktop = desktop;
    }

    /** One check: either done with a window (possibly null) or still waiting with an observation. */
    sealed interface Check {
        record Done(Window window) implements Check {
        }

        record Waiting(Map<String, Object> lastObservation) implements Check {
        }
    }

    /** Waits until exactly one window matches (or, with {@code gone}, none does). */
    public WaitResult window(CallContext ctx, String selectorText, boolean gone, long timeoutMs, long pollMs) {
        WindowSelector selector = WindowSelector.parse(selectorText);
        Window[] lastSeen = new Window[1];
        return await(ctx, selector, gone ? "window_gone" : "window", timeoutMs, pollMs, windows -> {
            List<Window> found = SelectorMatcher.matches(selector, windows);
            if (gone) {
                if (found.isEmpty()) {
                    return new Check.Done(lastSeen[0]);
                }
                lastSeen[0] = found.getFirst();
                return new Check.Waiting(observation("window_present", "windows", found));
            }
            if (found.size() > 1) {
                throw SelectorMatcher.ambiguous(selector, found);
            }
            if (found.isEmpty()) {
                return new Check.Waiting(notFound(selector));
            }
            Window w = found.getFirst();
            return w.placed() ? new Check.Done(w) : new Check.Waiting(observation("window_not_shown", "window", w));
        });
    }

    /** Waits until the one window matching is focused. */
    public WaitResult focus(CallContext ctx, String selectorText, long timeoutMs, long pollMs) {
        WindowSelector selector = WindowSelector.parse(selectorText);
        return await(ctx, selector, "focus", timeoutMs, pollMs, windows -> {
            List<Window> found = SelectorMatcher.matches(selector, windows);
            if (found.size() > 1) {
                throw SelectorMatcher.ambiguous(selector, found);
            }
            if (found.isEmpty()) {
                return new Check.Waiting(notFound(selector));
            }
            Window w = found.getFirst();
            return w.focused() ? new Check.Done(w) : new Check.Waiting(observation("window_not_focused", "window", w));
        });
    }

    private WaitResult await(CallContext ctx, WindowSelector selector, String wait, long timeoutMs, long pollMs,
                             Function<List<Window>, Check> check) {
        long start = System.nanoTime();
        Check result = loop(ctx, timeoutMs, pollMs, check);
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        return switch (result) {
            case Check.Done done -> new WaitResult(wait, selector.text(), elapsedMs, done.window());
            case Check.Waiting waiting -> throw timeout(wait, selector, timeoutMs, pollMs, elapsedMs, waiting.lastObservation());
        };
    }

    /**
     * Re-runs {@code check} on the live windows until it yields a value or {@code timeoutMs} pass (then empty).
     * Exceptions thrown by {@code check} end the wait.
     */
    public <T> Optional<T> until(CallContext ctx, long timeoutMs, long pollMs, Function<List<Window>, Optional<T>> check) {
        @SuppressWarnings("unchecked")
        T[] value = (T[]) new Object[1];
        Check result = loop(ctx, timeoutMs, pollMs, windows -> {
            Optional<T> v = check.apply(windows);
            v.ifPresent(x -> value[0] = x);
            return v.isPresent() ? new Check.Done(null) : new Check.Waiting(Map.of());
        });
        return result instanceof Check.Done ? Optional.of(value[0]) : Optional.empty();
    }

    /** The event-driven loop: the final Done, or the last Waiting once the time is up. */
    private Check loop(CallContext ctx, long timeoutMs, long pollMs, Function<List<Window>, Check> check) {
        if (timeoutMs < 0 || pollMs <= 0) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--timeout must be >= 0 and --poll-ms > 0, got "
                    + timeoutMs + " and " + pollMs);
        }
        long deadline = System.nanoTime() + ChangeSignal.millisToNanos(timeoutMs);
        return desktop.withView(ctx, view -> {
            while (true) {
                long seen = view.display().signal.version();
                Check result = check.apply(view.windows());
                long left = deadline - System.nanoTime();
                if (result instanceof Check.Done || left <= 0) {
                    return result;
                }
                sleep(view, seen, Math.min(left, ChangeSignal.millisToNanos(pollMs)));
            }
        });
    }

    private static void sleep(DesktopView view, long seen, long nanos) {
        view.display().signal.awaitChange(seen, nanos, view.cancellation());
    }

    private static Map<String, Object> notFound(WindowSelector selector) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("kind", "selector_not_found");
        o.put("selector", selector.text());
        o.put("mode", selector.mode());
        return o;
    }

    private static Map<String, Object> observation(String kind, String key, Object value) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("kind", kind);
        o.put(key, value);
        return o;
    }

    private static UictlException timeout(String wait, WindowSelector selector, long timeoutMs, long pollMs,
                                          long elapsedMs, Map<String, Object> last) {
        String why = switch (String.valueOf(last.get("kind"))) {
            case "window_not_focused" -> "the window exists but is not focused";
            case "window_present" -> "a matching window is still present";
            case "window_not_shown" -> "the window exists but the window manager has not shown it";
            default -> "no window matches";
        };
        return UictlException.of(ErrorCode.TIMEOUT, "wait " + wait.replace('_', ' ') + " '" + selector.text()
                        + "' timed out after " + timeoutMs + " ms: " + why)
                .withHint(last.get("kind").equals("window_not_focused")
                        ? "Focus it with `uictl focus '" + selector.text() + "'` or raise --timeout."
                        : "Run `uictl list-windows` to see the current windows, or raise --timeout.")
                .withDetail("kind", "wait").withDetail("wait", wait).withDetail("selector", selector.text())
                .withDetail("mode", selector.mode()).withDetail("timeout_ms", timeoutMs).withDetail("poll_ms", pollMs)
                .withDetail("elapsed_ms", elapsedMs).withDetail("last_observation", last);
    }
}
