package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.Map;

/** One line of {@code events.jsonl}. */
@Describe("One run event (a line of events.jsonl)")
public record EventRecord(
        @Describe("1-based, increasing") long seq,
        @Describe("Milliseconds since the run started") long atMs,
        @Describe("run_started | step_started | action | observation | assertion | retry | step_finished | "
                + "terminal (title, bell, unsupported, exit of the program) | budget_exceeded | run_finished")
        String type,
        @Nullable String stepId,
        @Describe("1-based step index, 0 outside steps") int stepIndex,
        @Describe("Event data; keys depend on the type") Map<String, Object> data) {
}
