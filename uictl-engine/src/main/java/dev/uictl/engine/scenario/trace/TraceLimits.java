package dev.uictl.engine.scenario.trace;

/**
 * What a trace reads and writes at most, so a huge or hostile directory is refused with a clear error instead of
 * filling the daemon's heap. The defaults hold runs far beyond the default budgets (8 MiB of output, 2 MiB per
 * snapshot).
 */
public record TraceLimits(long maxFileBytes, long maxSnapshotFileBytes, long maxTotalBytes, int maxSnapshots,
                          int maxSteps, int maxScreenSide, long maxPageBytes) {
    public static final TraceLimits DEFAULT = new TraceLimits(24L << 20, 4L << 20, 64L << 20, 2_000, 10_000, 1_000,
            64L << 20);
}
