package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.schema.Describe;

/** How much of the policy's budgets a run has used. */
@Describe("Budget use: steps, runtime, output and snapshot bytes against the policy's limits")
public record BudgetStatus(long stepsUsed, long stepsMax, long runtimeMs, long runtimeMaxMs, long outputBytesUsed,
                           long outputBytesMax, @Describe("Largest snapshot so far, serialized") long snapshotBytesMax,
                           long snapshotBytesLimit) {
}
