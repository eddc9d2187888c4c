package dev.uictl.engine.scenario.run;

import dev.uictl.core.error.UictlException;
import dev.uictl.engine.scenario.artifacts.ArtifactWriter;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.artifacts.StepResult;
import dev.uictl.engine.scenario.model.Scenario;
import dev.uictl.engine.terminal.CloseResult;
import dev.uictl.engine.terminal.ExitInfo;
import dev.uictl.engine.terminal.ScreenView;
import dev.uictl.engine.terminal.TerminalSession;
import java.util.ArrayList;
import java.util.List;

/** A run's state as it goes (scenario or driver); rewritten to run.json at every checkpoint. */
final class RunState {
    final String runId;
    final String startedAt;
    final ScenarioRunner.Setup setup;
    final String sandbox;
    final RunRecorder rec;
    final List<StepResult> steps = new ArrayList<>();
    ScreenView last;
    ExitInfo exit;
    boolean terminatedByHarness;
    boolean canceled;
    boolean errored;
    RunResult.RunError error;

    RunState(String runId, String startedAt, ScenarioRunner.Setup setup, String sandbox, RunRecorder rec) {
        this.runId = runId;
        this.startedAt = startedAt;
        this.setup = setup;
        this.sandbox = sandbox;
        this.rec = rec;
    }

    String status() {
        if (canceled) {
            return "canceled";
        }
        if (error == null) {
            return "passed";
        }
        return errored ? "errored" : "failed";
    }

    RunResult result(String status) {
        Scenario sc = setup.scenario();
        ScreenView finalScreen = last == null ? null : last.withoutCells(true);
        return new RunResult(1, runId, setup.kind(), status, startedAt, rec.atMs(), sc.run().command(),
                sc.run().args(), setup.cwd() == null ? "" : setup.cwd().toString(),
                new RunResult.Size(sc.run().rows(), sc.run().cols()),
                sc.name(), steps, finalScreen, exit, terminatedByHarness, error, rec.budget(), sandbox,
                rec.writer() == null ? null : rec.writer().dir().toString(), null);
    }

    void checkpoint(String status) {
        if (rec.writer() != null) {
            rec.writer().json(ArtifactWriter.RUN, result(status));
            rec.writer().flush();
        }
    }

    /** Final snapshot, the program ended, the last output read, run.json written: whatever happened before. */
    void finish(TerminalSession session, StepExecutor executor, ProgramLauncher launcher, ArtifactWriter writer) {
        int finalIndex = Math.max(setup.scenario().steps().size(), steps.size()) + 1;
        try {
            if (session != null) {
                try {
                    last = rec.observe(session, null, finalIndex, 1, "final").screen();
                } catch (UictlException budget) {
                    // the budget was already reported; the final screen is still worth having
                }
                exit = executor.exit(session);
                if (exit == null) {
                    CloseResult closed = launcher.stop(session, "TERM");
                    exit = closed.exit();
                    terminatedByHarness = true;
                } else {
                    terminatedByHarness = executor.terminated();
                    launcher.stop(session, "TERM"); // the program is gone; this ends what it left behind
                }
                try {
                    rec.pull(session, null, finalIndex);
                } catch (UictlException budget) {
                    // reported once already
                }
            }
        } finally {
            rec.event("run_finished", null, finalIndex, RunRecorder.data("status", status(), "exit", exit));
            if (writer != null) {
                checkpoint(status());
                writer.close();
            }
        }
    }
}
