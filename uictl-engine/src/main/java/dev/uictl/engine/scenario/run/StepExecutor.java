package dev.uictl.engine.scenario.run;

import dev.uictl.sandbox.Policy;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.scenario.artifacts.AssertionOutcome;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.artifacts.StepResult;
import dev.uictl.engine.scenario.model.Action;
import dev.uictl.engine.scenario.model.Condition;
import dev.uictl.engine.scenario.model.Step;
import dev.uictl.engine.terminal.ActionResult;
import dev.uictl.engine.terminal.CloseResult;
import dev.uictl.engine.terminal.ExitInfo;
import dev.uictl.engine.terminal.SettlePolicy;
import dev.uictl.engine.terminal.TerminalSession;
import dev.uictl.engine.terminal.WaitCondition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one step: sends its action once, observes, checks its assertions and, while they fail and retries remain
 * before the step's deadline, waits for the screen to change and observes again (input is never re-sent). Shared by
 * scenarios and the driver.
 */
final class StepExecutor {
    private final RunRecorder rec;
    private final ProgramLauncher launcher;
    private final Policy.Budgets budgets;
    private final Cancellation cancellation;
    private ExitInfo exit;
    private boolean terminated;

    StepExecutor(RunRecorder rec, ProgramLauncher launcher, Policy.Budgets budgets, Cancellation cancellation) {
        this.rec = rec;
        this.launcher = launcher;
        this.budgets = budgets;
        this.cancellation = cancellation;
    }

    ExitInfo exit(TerminalSession s) {
        return exit != null ? exit : s.exitIfEnded();
    }

    boolean terminated() {
        return terminated;
    }

    /** The outcome of a step and the screen it ended on. */
    record Outcome(StepResult result, RunRecorder.Observation last) {
    }

    /**
     * Runs the step within its timeout and the run's deadline. Budget breaches and cancellation propagate (the
     * run ends); a failing wait, assertion or program exit is the step's failure.
     */
    Outcome run(TerminalSession s, Step step, int index, Deadline runDeadline) {
        rec.stepCounted();
        if (rec.stepsUsed() > budgets.maxSteps()) {
            throw rec.exceeded("max_steps", budgets.maxSteps(), rec.stepsUsed(), step.id(), index);
        }
        long startedAt = rec.atMs();
        long t0 = System.nanoTime();
        rec.event("step_started", step.id(), index, RunRecorder.data("action", step.actionJson(), "name", step.name()));
        Deadline stepDeadline = Deadline.afterMillis(step.timeoutMs()).min(runDeadline);
        List<String> snapshots = new ArrayList<>();
        List<AssertionOutcome> outcomes = List.of();
        RunResult.RunError error = null;
        RunRecorder.Observation last = null;
        int attempts = 0;
        try {
            perform(s, step, index, stepDeadline, runDeadline);
            last = rec.observe(s, step.id(), index, 1, "step");
            attempts = 1;
            snapshots.add(last.file());
            outcomes = check(s, step, last, index, stepDeadline);
            while (!allPassed(outcomes) && attempts <= step.retries() && !stepDeadline.expired()) {
                rec.event("retry", step.id(), index, RunRecorder.data("attempt", attempts + 1,
                        "remaining_ms", stepDeadline.remainingMillis()));
                s.awaitChange(last.screen().snapshotId(), stepDeadline.remaining(), cancellation);
                cancellation.throwIfCancelled();
                attempts++;
                last = rec.observe(s, step.id(), index, attempts, "retry");
                snapshots.add(last.file());
                outcomes = check(s, step, last, index, stepDeadline);
            }
            if (!allPassed(outcomes)) {
                AssertionOutcome first = outcomes.stream().filter(o -> !o.passed()).findFirst().orElseThrow();
                error = new RunResult.RunError(ErrorCode.ASSERTION_FAILED.name(), "step '" + step.id() + "': "
                        + first.type() + ": " + first.message(), step.id(), null);
            }
        } catch (UictlException e) {
            if (isRunEnding(e)) {
                throw e;
            }
            error = new RunResult.RunError(e.code().name(), e.getMessage(), step.id(), failureDetails(e));
            if (last == null) {
                last = rec.observe(s, step.id(), index, 1, "step");
                attempts = 1;
                snapshots.add(last.file());
                outcomes = check(s, step, last, index, stepDeadline);
            }
        }
        String status = error == null ? "passed" : "failed";
        long duration = (System.nanoTime() - t0) / 1_000_000;
        rec.event("step_finished", step.id(), index, RunRecorder.data("status", status, "duration_ms", duration,
                "attempts", attempts));
        return new Outcome(new StepResult(index, step.id(), step.name(), step.action().type(), status, attempts,
                startedAt, duration, outcomes, snapshots, error), last);
    }

    /** Budget breaches (TIMEOUT with a budget kind) end the run rather than fail one step. */
    static boolean isRunEnding(UictlException e) {
        Object kind = e.details().get("kind");
        return e.code() == ErrorCode.TIMEOUT && kind instanceof String k && k.startsWith("max_");
    }

    private static Object failureDetails(UictlException e) {
        java.util.Map<String, Object> d = new java.util.LinkedHashMap<>(e.details());
        d.remove("screen"); // the step's snapshot holds it
        d.remove("last_observation");
        return d.isEmpty() ? null : d;
    }

    private List<AssertionOutcome> check(TerminalSession s, Step step, RunRecorder.Observation obs, int index,
                                         Deadline deadline) {
        List<AssertionOutcome> out = new ArrayList<>();
        ExitInfo ended = exit(s);
        for (int i = 0; i < step.assertions().size(); i++) {
            AssertionOutcome o = AssertionChecks.check(step.assertions().get(i), step.assertionJson().get(i),
                    obs.screen(), ended, cancellation, deadline);
            out.add(o);
            rec.event("assertion", step.id(), index, RunRecorder.data("type", o.type(), "passed", o.passed(),
                    "message", o.message()));
        }
        return out;
    }

    private static boolean allPassed(List<AssertionOutcome> outcomes) {
        return outcomes.stream().allMatch(AssertionOutcome::passed);
    }

    private void perform(TerminalSession s, Step step, int index, Deadline stepDeadline, Deadline runDeadline) {
        Duration settleMax = Duration.ofMillis(Math.max(1, Math.min(stepDeadline.remainingMillis(), 2_000)));
        SettlePolicy settle = SettlePolicy.ACTION.withMax(settleMax);
        ActionResult acted = switch (step.action()) {
            case Action.Key k -> s.keys(k.keys(), settle, null, cancellation);
            case Action.Text t -> s.type(t.text(), settle, null, cancellation);
            case Action.Paste p -> s.paste(p.text(), settle, null, cancellation);
            case Action.Resize r -> s.resize(r.rows(), r.cols(), settle, cancellation);
            case Action.Wait w -> {
                long cap = Math.min(stepDeadline.remainingMillis(), budgets.maxWaitMs());
                if (runDeadline.remainingMillis() <= cap && runDeadline.remainingMillis() < step.timeoutMs()) {
                    // the run's deadline, not the step's, would end this wait: that is the runtime budget
                    try {
                        s.await(wait(w.condition()), Duration.ofMillis(Math.max(0, cap)), cancellation);
                    } catch (UictlException e) {
                        if (e.code() == ErrorCode.TIMEOUT) {
                            throw rec.exceeded("max_runtime_ms", budgets.maxRuntimeMs(), rec.atMs(), step.id(), index);
                        }
                        throw e;
                    }
                } else {
                    s.await(wait(w.condition()), Duration.ofMillis(Math.max(0, cap)), cancellation);
                }
                yield null;
            }
            case Action.Observe o -> null;
            case Action.Terminate t -> {
                CloseResult closed = launcher.stop(s, t.signal());
                exit = closed.exit();
                terminated = true;
                yield null;
            }
        };
        if (acted != null) {
            rec.event("action", step.id(), index, RunRecorder.data("action", step.action().type(), "bytes", acted.bytes(),
                    "settled", acted.settled(), "unsettled", acted.unsettled(), "waited_ms", acted.waitedMs()));
        } else {
            rec.event("action", step.id(), index, RunRecorder.data("action", step.action().type()));
        }
    }

    static WaitCondition wait(Condition c) {
        return switch (c) {
            case Condition.ScreenContains t -> new WaitCondition.Text(t.text());
            case Condition.ScreenMatches m -> new WaitCondition.Regex(m.pattern());
            case Condition.CursorAt at -> new WaitCondition.CursorAt(at.row(), at.col());
            case Condition.ProcessExited e -> new WaitCondition.Exited();
            case Condition.ScreenStable st -> new WaitCondition.Idle(Duration.ofMillis(st.quietMs()));
        };
    }
}
