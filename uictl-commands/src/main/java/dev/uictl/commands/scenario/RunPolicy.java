package dev.uictl.commands.scenario;

import dev.uictl.engine.scenario.replay.Replayer;
import dev.uictl.engine.scenario.run.RunBudgets;
import java.nio.file.Path;
import java.util.List;

/** The run's policy; until the sandbox's policy model is merged, the default budgets and no sandbox. */
final class RunPolicy {
    private RunPolicy() {
    }

    static RunBudgets budgets() {
        return RunBudgets.DEFAULT;
    }

    /** What replay needs from a recording's policy.json. */
    static Replayer.Recorded recorded(Path dir) {
        return new Replayer.Recorded(RunBudgets.DEFAULT, false, null, List.of());
    }
}
