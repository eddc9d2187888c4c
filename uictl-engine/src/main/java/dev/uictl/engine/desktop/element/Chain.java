package dev.uictl.engine.desktop.element;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import java.util.List;
import java.util.function.Predicate;

/**
 * An action's steps in order, the state that proves it worked ({@code expected}; null when the effect is not
 * readable from the element, as for a click), a description of that state for messages, whether the element is
 * already in it (check on a checked box: nothing to do), and the state that proves an unverified step did nothing
 * ({@code untouched}; null when that cannot be read), which lets an action that must not happen twice (typed text)
 * go on to its next step.
 */
record Chain(List<Step> steps, Predicate<ElementState> expected, String description, boolean alreadyDone,
             Predicate<ElementState> untouched) {
    enum Outcome { DELIVERED, REFUSED, SKIPPED }

    /** What a step sees: the element, its state when the step starts, and the request's deadline and cancellation. */
    record StepContext(ElementHandle handle, ElementState state, Deadline deadline, Cancellation cancellation) {
    }

    @FunctionalInterface
    interface Attempt {
        Outcome run(StepContext sc);
    }

    record Step(String label, Mechanism mechanism, Attempt attempt) {
    }

    static Outcome of(boolean accepted) {
        return accepted ? Outcome.DELIVERED : Outcome.REFUSED;
    }
}
