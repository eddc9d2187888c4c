package dev.uictl.engine.desktop.element;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

/** What an element action did, step by step, and what the element looked like afterwards. */
public record ElementActionResult(
        String action,
        @Describe("the target as given") String target,
        @Describe("role and name of the element acted on") String element,
        @Describe("the element's rectangle when it was acted on, screen coordinates") @Nullable Bounds bounds,
        @Describe("the call log: each mechanism tried and its outcome") List<ActionStep> steps,
        @Describe("semantic or physical: the mechanism that delivered") String mechanism,
        @Describe("the element read back after the action") @Nullable PostState postState,
        @Describe("true when the expected state was read back") boolean verified,
        @Describe("delivered_verified, or delivered_unverified when the action has no readable effect")
        String delivery,
        @Describe("what the action ended, read after it: application_exited (the element's process exited), "
                + "window_closed (its window closed), element_removed (only the element went away)") @Nullable
        String effect,
        @Describe("milliseconds spent waiting for the element to become actionable") long waitedMs,
        @Describe("the consequence awaited after the action (--wait-for / --wait-for-gone)") @Nullable
        Consequence consequence,
        @Describe("fill --field: each field set, then the submit click, in order") @Nullable List<Part> parts) {

    /** One action of a form fill: a field set to its value, or the submit click. */
    public record Part(String action, @Describe("the target as given") String target,
                       @Describe("role and name of the element acted on") String element, String mechanism,
                       @Nullable PostState postState, boolean verified, String delivery, @Nullable String effect,
                       List<ActionStep> steps) {
        static Part of(ElementActionResult r) {
            return new Part(r.action(), r.target(), r.element(), r.mechanism(), r.postState(), r.verified(),
                    r.delivery(), r.effect(), r.steps());
        }
    }

    /** What --wait-for or --wait-for-gone awaited after the action, and how long it took to show. */
    public record Consequence(String target, boolean gone, long elapsedMs) {
    }

    public ElementActionResult withEffect(String e) {
        return new ElementActionResult(action, target, element, bounds, steps, mechanism, postState, verified,
                delivery, e, waitedMs, consequence, parts);
    }

    public ElementActionResult withConsequence(Consequence c) {
        return new ElementActionResult(action, target, element, bounds, steps, mechanism, postState, verified,
                delivery, effect, waitedMs, c, parts);
    }
}
