package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.terminal.ScreenView;

/**
 * {@code snapshots/NNNNNN.json}: one observation of the screen, with its styled cells, and where in the run it was
 * taken. Version 2 holds the cells as runs (version 1, still read, held every cell).
 */
@Describe("One snapshot file: the screen (SPEC §5.2, its cells as runs) and the step it belongs to")
public record SnapshotRecord(
        @Describe("2: the screen's cells as runs (1: every cell, in cells)") int snapshotFileVersion,
        @Describe("1-based sequence number; the file name is this, zero-padded to 6 digits") int seq,
        @Nullable @Describe("The step's id; absent for the start and end snapshots") String stepId,
        @Describe("1-based step index; 0 before the first step, steps+1 for the final snapshot") int stepIndex,
        @Describe("1 for the observation after the action, 2… for re-observations (retries)") int attempt,
        @Describe("start | step | retry | final") String phase,
        @Describe("Milliseconds since the run started") long atMs,
        ScreenView screen) {
    public static final int VERSION = 2;

    /** This record with its screen's runs expanded to cells, as a reader of either version uses it. */
    public SnapshotRecord withCells() {
        return new SnapshotRecord(snapshotFileVersion, seq, stepId, stepIndex, attempt, phase, atMs,
                screen == null ? null : screen.runsAsCells());
    }

    public static String fileName(int seq) {
        return "snapshots/%06d.json".formatted(seq);
    }
}
