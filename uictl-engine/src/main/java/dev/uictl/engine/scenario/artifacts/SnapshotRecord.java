package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.terminal.ScreenView;

/** {@code snapshots/NNNNNN.json}: one observation of the screen, with cells, and where in the run it was taken. */
@Describe("One snapshot file: the screen (SPEC §5.2, with cells) and the step it belongs to")
public record SnapshotRecord(
        @Describe("Always 1") int snapshotFileVersion,
        @Describe("1-based sequence number; the file name is this, zero-padded to 6 digits") int seq,
        @Nullable @Describe("The step's id; absent for the start and end snapshots") String stepId,
        @Describe("1-based step index; 0 before the first step, steps+1 for the final snapshot") int stepIndex,
        @Describe("1 for the observation after the action, 2… for re-observations (retries)") int attempt,
        @Describe("start | step | retry | final") String phase,
        @Describe("Milliseconds since the run started") long atMs,
        ScreenView screen) {
    public static String fileName(int seq) {
        return "snapshots/%06d.json".formatted(seq);
    }
}
