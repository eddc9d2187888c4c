package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

/** One scenario step as it ran. */
@Describe("One step of a run")
public record StepResult(
        @Describe("1-based position in the scenario") int index,
        @Describe("The step's id (any string)") String id,
        @Nullable String name,
        @Describe("key | text | paste | resize | wait | observe | terminate") String action,
        @Describe("passed | failed | errored | skipped") String status,
        @Describe("Observations made: 1, more when the step's assertions were re-checked (retries re-observe, they "
                + "never re-send input)") int attempts,
        @Describe("Milliseconds from the run's start to the step's start") long startedAtMs,
        long durationMs,
        @Describe("Every assertion's result at the last observation") List<AssertionOutcome> assertions,
        @Describe("Snapshot files of this step, relative to the artifacts directory, one per observation")
        List<String> snapshots,
        @Nullable RunResult.RunError error) {
    public StepResult {
        assertions = List.copyOf(assertions);
        snapshots = List.copyOf(snapshots);
    }
}
