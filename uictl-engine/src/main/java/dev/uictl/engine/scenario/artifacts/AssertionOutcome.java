package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

/** One assertion checked against one observation. */
@Describe("An assertion's result")
public record AssertionOutcome(
        @Describe("The assertion type, e.g. screen_contains") String type,
        boolean passed,
        @Describe("What was found, e.g. \"line 3 was 'x', expected 'y'\"") String message,
        @Nullable @Describe("The assertion's parameters as written in the scenario") Object payload) {
}
