package dev.uictl.engine.desktop.element;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.BoundedCall;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Waits on elements: until a target resolves and satisfies a predicate (enabled, visible, checked, value=V), or,
 * with {@code gone}, until it no longer resolves. Polls the accessibility port every {@link #POLL_MS} within one
 * deadline; on expiry TIMEOUT with {@code details.kind: "wait_timeout"} and what was last observed.
 */
public final class ElementWaits {
    static final long POLL_MS = 50;
    private final Supplier<AccessibilityBackend> backend;

    public ElementWaits(Supplier<AccessibilityBackend> backend) {
        this.backend = backend;
    }

    public ElementWaitResult element(CallContext ctx, String target, boolean gone, String predicate, long timeoutMs) {
        String wanted = predicate == null ? "exists" : predicate;
        Predicate<ElementState> test = predicate(wanted);
        AccessibilityBackend a11y = backend.get();
        Deadline deadline = ctx.deadline().min(Deadline.afterMillis(timeoutMs));
        CallContext bounded = new BoundedCall(ctx, deadline);
        long started = System.nanoTime();
        ElementState last = null;
        String lastError = null;
        Object lastUnanswered = null;
        while (true) {
            Optional<ElementState> seen;
            boolean unknown = false; // nothing could be observed this time: neither present nor gone
            try {
                seen = a11y.locate(bounded, target).map(l -> a11y.tree(bounded).read(l.handle(), deadline));
                lastError = null;
                lastUnanswered = null;
            } catch (UictlException e) {
                boolean vanished = e.code() == ErrorCode.STALE_REF;
                boolean searchedPastSilence = AccessibilityBackend.isUnansweredSearch(e);
                // the last look began too late to finish: what the looks before it saw stands
                boolean outOfTime = e.code() == ErrorCode.TIMEOUT;
                boolean hung = e.code() == ErrorCode.APP_UNRESPONSIVE && deadline.expired();
                if (!vanished && !searchedPastSilence && !outOfTime && !hung) {
                    throw e;
                }
                seen = Optional.empty();
                unknown = !vanished;
                if (!outOfTime) {
                    lastError = e.code().name();
                    lastUnanswered = searchedPastSilence ? e.details().get("unanswered") : null;
                }
            }
            last = seen.orElse(last);
            long elapsed = (System.nanoTime() - started) / 1_000_000;
            if (gone ? seen.isEmpty() && !unknown : seen.isPresent() && test.test(seen.get())) {
                return new ElementWaitResult(gone ? "element_gone" : "element", target, gone ? "gone" : wanted,
                        elapsed, gone ? null : PostState.of(seen.get()));
            }
            if (deadline.remainingMillis() <= 0) {
                Map<String, Object> observed = new LinkedHashMap<>();
                observed.put("present", seen.isPresent());
                if (last != null) {
                    observed.put("element", PostState.of(last));
                }
                if (lastError != null) {
                    observed.put("error", lastError);
                }
                if (lastUnanswered != null) {
                    observed.put("unanswered", lastUnanswered);
                }
                throw UictlException.of(ErrorCode.TIMEOUT, "'" + target + "' did not " + (gone ? "go away"
                                : seen.isPresent() ? "become " + wanted : "appear") + " within " + elapsed + " ms")
                        .withDetail("kind", "wait_timeout").withDetail("predicate", gone ? "gone" : wanted)
                        .withDetail("last_observed", observed)
                        .withHint("Look at the element with `uictl snapshot -i`, or raise --timeout.");
            }
            ctx.cancellation().sleep(Math.min(POLL_MS, Math.max(1, deadline.remainingMillis())));
        }
    }

    static Predicate<ElementState> predicate(String p) {
        if (p.startsWith("value=")) {
            String v = p.substring("value=".length());
            return s -> v.equals(s.valueText());
        }
        return switch (p) {
            case "exists" -> s -> true;
            case "enabled" -> s -> s.has("sensitive"); // as ElementStates.enabled
            case "visible" -> s -> s.has("showing") && s.has("visible");
            case "checked" -> s -> s.has("checked");
            default -> throw UictlException.of(ErrorCode.INVALID_ARGS, "unknown predicate '" + p
                    + "' (use enabled, visible, checked or value=V)");
        };
    }
}
