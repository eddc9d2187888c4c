package dev.uictl.engine.scenario.run;

import dev.uictl.sandbox.Policy;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.scenario.artifacts.ArtifactWriter;
import dev.uictl.engine.scenario.artifacts.NormalizationSettings;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.artifacts.StepResult;
import dev.uictl.engine.scenario.model.Scenario;
import dev.uictl.engine.scenario.model.ScenarioParser;
import dev.uictl.engine.scenario.model.Step;
import dev.uictl.engine.terminal.CloseResult;
import dev.uictl.engine.terminal.ExitInfo;
import dev.uictl.engine.terminal.ScreenView;
import dev.uictl.engine.terminal.TerminalSession;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Runs a scenario (or an exec, which is a one-step scenario waiting for the exit) against a program on a
 * pseudo-terminal and records it. After each step run.json and checksums.json are rewritten, so a run killed at
 * any point leaves a complete, parseable artifact set. A failing step skips the rest; the program still running at
 * the end is terminated ({@code terminated_by_harness}).
 */
public final class ScenarioRunner {
    private ScenarioRunner() {
    }

    /**
     * What to run and how to record it.
     *
     * @param kind          exec | scenario
     * @param policy        the effective policy, written to policy.json and inlined in scenario.json (any JSON value)
     * @param artifactsDir  null: no artifacts
     */
    public record Setup(String kind, Scenario scenario, Path cwd, Policy.Budgets budgets, Object policy,
                        NormalizationSettings normalization, Path artifactsDir, boolean overwrite,
                        Consumer<String> progress) {
    }

    public static RunResult run(Setup setup, ProgramLauncher launcher, CallContext call) {
        ArtifactWriter writer = setup.artifactsDir() == null ? null
                : ArtifactWriter.create(setup.artifactsDir(), setup.overwrite());
        RunRecorder rec = new RunRecorder(writer, setup.budgets(), setup.progress());
        String runId = UUID.randomUUID().toString();
        String startedAt = Instant.now().toString();
        Scenario sc = setup.scenario();
        if (writer != null) {
            writer.json(ArtifactWriter.POLICY, setup.policy() == null ? java.util.Map.of() : setup.policy());
            writer.json(ArtifactWriter.SCENARIO, ScenarioParser.canonical(sc, setup.policy()));
            writer.json(ArtifactWriter.NORMALIZATION, setup.normalization());
        }
        rec.event("run_started", null, 0, RunRecorder.data("run_id", runId, "command", sc.run().command(),
                "args", sc.run().args(), "size", sc.run().rows() + "x" + sc.run().cols()));
        Cancellation cancellation = call.cancellation();
        Deadline runDeadline = Deadline.afterMillis(setup.budgets().maxRuntimeMs());
        StepExecutor executor = new StepExecutor(rec, launcher, setup.budgets(), cancellation);
        RunState p = new RunState(runId, startedAt, setup, launcher.sandbox(), rec);
        TerminalSession session = null;
        try {
            session = launcher.start(sc.run().argv(), setup.cwd(), sc.run().rows(), sc.run().cols(), call);
            p.last = rec.observe(session, null, 0, 1, "start").screen();
            p.checkpoint("running");
            for (int i = 0; i < sc.steps().size(); i++) {
                Step step = sc.steps().get(i);
                if (p.error != null) {
                    p.steps.add(skipped(step, i + 1));
                    continue;
                }
                cancellation.throwIfCancelled();
                if (runDeadline.expired()) {
                    throw rec.exceeded("max_runtime_ms", setup.budgets().maxRuntimeMs(), rec.atMs(), step.id(), i + 1);
                }
                rec.progress("[" + (i + 1) + "/" + sc.steps().size() + "] " + step.id()
                        + (step.name() == null ? "" : " " + step.name()));
                StepExecutor.Outcome o = executor.run(session, step, i + 1, runDeadline);
                p.steps.add(o.result());
                p.last = o.last().screen();
                o.result().assertions().forEach(a -> rec.progress("      " + (a.passed() ? "✓ " : "✗ ") + a.type()
                        + ": " + a.message()));
                if (o.result().error() != null) {
                    p.error = o.result().error();
                    rec.progress("      failed: " + p.error.code() + ": " + p.error.message());
                }
                p.checkpoint("running");
            }
            if (p.error == null && "exec".equals(setup.kind())) {
                ExitInfo exit = executor.exit(session);
                if (exit != null && (exit.code() == null || exit.code() != 0)) {
                    p.error = new RunResult.RunError(ErrorCode.PROCESS_EXIT.name(), "the program ended with " + exit,
                            null, java.util.Map.of("exit", exit));
                }
            }
        } catch (Cancellation.CancelledException e) {
            p.canceled = true;
            p.error = new RunResult.RunError(ErrorCode.TIMEOUT.name(), "the run was cancelled: " + e.getMessage(), null,
                    java.util.Map.of("kind", "cancelled"));
        } catch (UictlException e) {
            p.error = new RunResult.RunError(e.code().name(), e.getMessage(), null, e.details().isEmpty() ? null
                    : new java.util.LinkedHashMap<>(e.details()));
            p.errored = !StepExecutor.isRunEnding(e);
        } finally {
            for (int i = p.steps.size(); i < sc.steps().size(); i++) {
                p.steps.add(skipped(sc.steps().get(i), i + 1));
            }
            p.finish(session, executor, launcher, writer);
        }
        return p.result(p.status());
    }

    /** What --explain-policy returns: the run as it would start, nothing run, the policy's verdict. */
    public static RunResult notRun(Setup setup, String sandbox, dev.uictl.engine.sandbox.PolicyExplanation check) {
        Scenario sc = setup.scenario();
        List<StepResult> steps = new ArrayList<>();
        for (int i = 0; i < sc.steps().size(); i++) {
            steps.add(skipped(sc.steps().get(i), i + 1));
        }
        RunResult.RunError error = check.allowed() ? null : new RunResult.RunError(ErrorCode.POLICY_DENIED.name(),
                "the policy refuses this run: " + check.violations().size() + " violation(s)", null,
                java.util.Map.of("violations", check.violations()));
        Policy.Budgets b = setup.budgets();
        return new RunResult(1, "", setup.kind(), "not_run", Instant.now().toString(), 0, sc.run().command(),
                sc.run().args(), setup.cwd() == null ? "" : setup.cwd().toString(),
                new RunResult.Size(sc.run().rows(), sc.run().cols()),
                sc.name(), steps, null, null, false, error, new dev.uictl.engine.scenario.artifacts.BudgetStatus(0,
                b.maxSteps(), 0, b.maxRuntimeMs(), 0, b.maxOutputBytes(), 0, b.maxSnapshotBytes()), sandbox, null,
                check);
    }

    private static StepResult skipped(Step step, int index) {
        return new StepResult(index, step.id(), step.name(), step.action().type(), "skipped", 0, 0, 0, List.of(),
                List.of(), null);
    }
}
