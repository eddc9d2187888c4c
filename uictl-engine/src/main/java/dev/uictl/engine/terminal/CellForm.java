package dev.uictl.engine.terminal;

/** Which form a screen's styled cells take: none, runs of equally styled text ({@link CellRuns}), or every cell. */
public enum CellForm {
    NONE, RUNS, FULL;

    boolean wanted() {
        return this != NONE;
    }
}
