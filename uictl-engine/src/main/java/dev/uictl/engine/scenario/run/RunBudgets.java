package dev.uictl.engine.scenario.run;

/** The policy's budgets (SPEC §5.4) as the runner enforces them; each limit is positive. */
public record RunBudgets(long maxRuntimeMs, long maxSteps, long maxOutputBytes, long maxSnapshotBytes, long maxWaitMs) {
    /** ptybox's defaults: 60 s, 10000 steps, 8 MiB output, 2 MiB per snapshot, 10 s per wait. */
    public static final RunBudgets DEFAULT = new RunBudgets(60_000, 10_000, 8L << 20, 2L << 20, 10_000);
}
