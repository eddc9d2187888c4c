package dev.uictl.engine.desktop.element;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import dev.uictl.engine.desktop.spi.AccessibilityTree;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Waits until the target is actionable: it resolves, shows, is enabled and its extents stay the same between two
 * reads at least one frame apart (an element that is still moving would be hit at the wrong place); the earlier read
 * may be the snapshot or walk the target was resolved from, or this wait's previous poll, and only without such a
 * read is a frame waited for a second one; for an action that can only be delivered as synthetic input, also no
 * other window covers its centre ({@link Cover} raises the element's window first, so only a window that stays on
 * top fails the check). An element scrolled out of its view (visible, but not showing: how browsers mark it) is
 * scrolled into view once, as Playwright does before it acts; scroll-to itself does not wait for showing. A poll
 * that cannot find the element after it was seen keeps reporting what was last seen. On the deadline: TIMEOUT
 * with {@code details.kind: "actionability"}, the checks that failed, and the element as last seen.
 */
final class Actionability {
    /** Between reads while waiting; short against the default 5 s budget, long against one D-Bus round trip. */
    static final long POLL_MS = 50;
    /**
     * Between the two reads that must agree for an element to count as stable: one frame at 60 Hz, the interval
     * Playwright compares bounding boxes across. A moving element (an opening menu, a sliding panel) differs
     * between two frames; a waiting longer only delays every action (it was the bulk of a 67 ms ref click).
     */
    static final long STABLE_MS = 16;
    private static final long STABLE_NANOS = STABLE_MS * 1_000_000;

    record Ready(ElementHandle handle, ElementState state, long waitedMs) {
    }

    /** What covers the element's centre after trying to uncover it; empty when it is visible there. */
    @FunctionalInterface
    interface Cover {
        Optional<String> blocker(ElementState s);

        Cover NONE = s -> Optional.empty();
    }

    private Actionability() {
    }

    static Ready await(AccessibilityTree tree, ActionRequest request, Cover cover) {
        long started = System.nanoTime();
        ElementState lastSeen = null;
        Sighting previous = null;
        List<String> failing = List.of("resolvable");
        String coveredBy = null;
        UictlException silence = null;
        boolean scrolled = false;
        while (true) {
            request.cancellation().throwIfCancelled();
            try {
                Optional<Located> located = request.locator().locate(request.deadline());
                if (located.isPresent()) {
                    ElementHandle handle = located.get().handle();
                    Sighting earlier = previous != null ? previous : located.get().earlier();
                    long readFrom = System.nanoTime();
                    ElementState s = tree.read(handle, request.deadline());
                    lastSeen = s;
                    previous = new Sighting(s.bounds(), System.nanoTime());
                    failing = failingChecks(request.action(), s, true);
                    if (!scrolled && failing.equals(List.of("showing")) && s.has("visible")
                            && s.implementsInterface("Component")) {
                        // scrolled out of its view (browsers say not showing): brought into view once, as Playwright
                        // scrolls into view before it acts; the next poll sees where it went
                        scrolled = true;
                        tree.scrollTo(handle, request.deadline());
                        previous = null;
                    }
                    if (failing.isEmpty() && (earlier == null || !earlier.confirmsStill(s.bounds(), readFrom,
                            STABLE_NANOS))) {
                        // stable: the same element read again one frame later has the same extents (resolving
                        // again could cost a whole tree walk)
                        failing = List.of("stable"); // what is being checked, should the budget end meanwhile
                        request.cancellation().sleep(STABLE_MS);
                        ElementState again = tree.read(handle, request.deadline());
                        lastSeen = again;
                        previous = new Sighting(again.bounds(), System.nanoTime());
                        failing = failingChecks(request.action(), again, again.bounds().equals(s.bounds()));
                    }
                    if (failing.isEmpty()) {
                        coveredBy = cover.blocker(lastSeen).orElse(null);
                        if (coveredBy != null) {
                            failing = List.of("uncovered");
                        } else {
                            return new Ready(handle, lastSeen, (System.nanoTime() - started) / 1_000_000);
                        }
                    } else {
                        coveredBy = null;
                    }
                } else if (lastSeen == null) {
                    failing = List.of("resolvable");
                }
            } catch (UictlException e) {
                if (AccessibilityBackend.isUnansweredSearch(e)) {
                    // nothing matched among the applications that answered: it may still appear in one of them
                    silence = e;
                    failing = List.of("resolvable");
                    if (request.deadline().remainingMillis() > POLL_MS) {
                        request.cancellation().sleep(POLL_MS);
                        continue;
                    }
                    throw e.withDelivery(Delivery.NOT_DELIVERED);
                }
                // the last look began too late to finish, or an application that answered during this wait is
                // mid-reply when the budget ends (not hung; one that never answered is APP_UNRESPONSIVE): the wait
                // ran out, and what the looks before it saw stands
                if (e.code() == ErrorCode.TIMEOUT
                        || e.code() == ErrorCode.APP_UNRESPONSIVE && lastSeen != null && request.deadline().expired()) {
                    if (silence != null && lastSeen == null) {
                        throw silence.withDelivery(Delivery.NOT_DELIVERED);
                    }
                    throw timeout(request, failing, lastSeen, coveredBy, (System.nanoTime() - started) / 1_000_000);
                }
                throw e.delivery() != null ? e : e.withDelivery(Delivery.NOT_DELIVERED);
            }
            if (request.deadline().remainingMillis() <= POLL_MS) {
                throw timeout(request, failing, lastSeen, coveredBy, (System.nanoTime() - started) / 1_000_000);
            }
            request.cancellation().sleep(POLL_MS);
        }
    }

    static List<String> failingChecks(ElementAction action, ElementState s, boolean stable) {
        List<String> failing = new ArrayList<>();
        if (s.has("defunct")) {
            failing.add("resolvable");
        }
        // scroll-to exists for what is scrolled out of view, which browsers mark not showing ("offscreen")
        if (!s.has("showing") && action != ElementAction.SCROLL_TO) {
            failing.add("showing");
        }
        if (!s.has("sensitive")) { // as ElementStates.enabled: the toolkit takes input
            failing.add("enabled");
        }
        if (!stable) {
            failing.add("stable");
        }
        return failing;
    }

    private static UictlException timeout(ActionRequest request, List<String> failing, ElementState lastSeen,
                                          String coveredBy, long waitedMs) {
        Map<String, Object> seen = new LinkedHashMap<>();
        if (lastSeen != null) {
            seen.put("role", lastSeen.role());
            seen.put("name", lastSeen.name());
            seen.put("states", List.copyOf(lastSeen.states()));
            Bounds b = lastSeen.bounds();
            seen.put("bounds", List.of(b.x(), b.y(), b.width(), b.height()));
        }
        String what = lastSeen == null ? "'" + request.target() + "' never resolved"
                : "'" + request.target() + "' (" + lastSeen.role() + " \"" + lastSeen.name() + "\") was not "
                + String.join(", ", failing);
        String covered = coveredBy == null ? "" : " (" + coveredBy + " stays on top of it)";
        UictlException e = UictlException.of(ErrorCode.TIMEOUT, what + covered + " within " + waitedMs + " ms; `"
                        + request.action().wireName() + "` was not performed")
                .withDetail("kind", "actionability")
                .withDetail("failing", failing)
                .withDetail("last_seen", lastSeen == null ? null : seen)
                .withDetail("waited_ms", waitedMs)
                .withDelivery(Delivery.NOT_DELIVERED)
                .withHint("Check the element with `uictl get element " + request.quotedTarget()
                        + " --property states`, or raise --timeout.");
        return coveredBy == null ? e : e.withDetail("covered_by", coveredBy);
    }
}
