package dev.uictl.engine.scenario.run;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.scenario.artifacts.ArtifactWriter;
import dev.uictl.engine.scenario.artifacts.AssertionOutcome;
import dev.uictl.engine.scenario.artifacts.BudgetStatus;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.artifacts.StepResult;
import dev.uictl.engine.scenario.model.Scenario;
import dev.uictl.engine.scenario.model.ScenarioParser;
import dev.uictl.engine.scenario.model.Step;
import dev.uictl.engine.terminal.ExitInfo;
import dev.uictl.engine.terminal.ScreenView;
import dev.uictl.engine.terminal.TerminalSession;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The domain side of `driver --stdio`: one program, driven one request at a time. Each request runs as a scenario
 * step (same actions, waits, assertions, retries); a failing request is answered with its error and the session
 * goes on. Budgets end it. The requests are recorded as a scenario (scenario.json), so a driver session replays
 * like any run.
 */
public final class DriverSession {
    private final ScenarioRunner.Setup setup;
    private final ProgramLauncher launcher;
    private final CallContext call;
    private final RunRecorder rec;
    private final RunState state;
    private final StepExecutor executor;
    private final Deadline runDeadline;
    private final List<Step> steps = new ArrayList<>();
    private final TerminalSession session;
    private boolean ended;

    /** One answered request. */
    public record Answer(String status, ScreenView screen, String transcriptDelta, ExitInfo exit,
                         List<AssertionOutcome> assertions, StepResult step, RunResult.RunError error,
                         BudgetStatus budget, boolean sessionEnded) {
    }

    private DriverSession(ScenarioRunner.Setup setup, ProgramLauncher launcher, CallContext call) {
        this.setup = setup;
        this.launcher = launcher;
        this.call = call;
        ArtifactWriter writer = setup.artifactsDir() == null ? null
                : ArtifactWriter.create(setup.artifactsDir(), setup.overwrite());
        this.rec = new RunRecorder(writer, setup.budgets(), setup.progress());
        this.state = new RunState(UUID.randomUUID().toString(), Instant.now().toString(), setup, launcher.sandbox(), rec);
        this.executor = new StepExecutor(rec, launcher, setup.budgets(), call.cancellation());
        this.runDeadline = Deadline.afterMillis(setup.budgets().maxRuntimeMs());
        if (writer != null) {
            writer.json(ArtifactWriter.POLICY, setup.policy() == null ? java.util.Map.of() : setup.policy());
            writer.json(ArtifactWriter.NORMALIZATION, setup.normalization());
            writeScenario();
        }
        Scenario sc = setup.scenario();
        rec.event("run_started", null, 0, RunRecorder.data("run_id", state.runId, "command", sc.run().command(),
                "args", sc.run().args(), "size", sc.run().rows() + "x" + sc.run().cols()));
        TerminalSession started = null;
        try {
            started = launcher.start(sc.run().argv(), setup.cwd(), sc.run().rows(), sc.run().cols(), call);
            state.last = rec.observe(started, null, 0, 1, "start").screen();
            state.checkpoint("running");
        } catch (RuntimeException e) {
            state.error = new RunResult.RunError(e instanceof UictlException u ? u.code().name()
                    : ErrorCode.INTERNAL_ERROR.name(), e.getMessage(), null, null);
            state.errored = true;
            state.finish(started, executor, launcher, writer);
            throw e;
        }
        this.session = started;
        rec.drainOutput();
    }

    /** Starts the program (kind "driver"); a failure to start is thrown after the artifacts are written. */
    public static DriverSession open(ScenarioRunner.Setup setup, ProgramLauncher launcher, CallContext call) {
        return new DriverSession(setup, launcher, call);
    }

    public String runId() {
        return state.runId;
    }

    public String sessionId() {
        return session.id();
    }

    public ScreenView screen() {
        return state.last;
    }

    public BudgetStatus budget() {
        return rec.budget();
    }

    public boolean ended() {
        return ended;
    }

    /**
     * Runs one request given as a step object ({@code id, action, assert, timeout_ms, retries}). A malformed request
     * is thrown (nothing ran); a failing one is answered with status "error".
     */
    public Answer handle(tools.jackson.databind.JsonNode stepJson) {
        if (ended) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the driver session has ended")
                    .withHint("Start a new `uictl driver --stdio` session.");
        }
        Step step = ScenarioParser.parseStep(stepJson, "request", steps.size());
        int index = steps.size() + 1;
        steps.add(step);
        RunResult.RunError error;
        StepResult result = null;
        try {
            if (runDeadline.expired()) {
                throw rec.exceeded("max_runtime_ms", setup.budgets().maxRuntimeMs(), rec.atMs(), step.id(), index);
            }
            StepExecutor.Outcome o = executor.run(session, step, index, runDeadline);
            result = o.result();
            state.steps.add(result);
            state.last = o.last().screen();
            error = result.error();
            if (step.action() instanceof dev.uictl.engine.scenario.model.Action.Terminate) {
                ended = true;
            }
        } catch (UictlException e) {
            error = new RunResult.RunError(e.code().name(), e.getMessage(), step.id(), new java.util.LinkedHashMap<>(e.details()));
            state.error = error;
            ended = true; // only budgets end a driver session
        } catch (Cancellation.CancelledException e) {
            state.canceled = true;
            ended = true;
            error = new RunResult.RunError(ErrorCode.TIMEOUT.name(), "cancelled: " + e.getMessage(), step.id(), null);
        }
        if (result != null && result.error() != null) {
            state.error = result.error();
        }
        writeScenario();
        state.checkpoint("running");
        return new Answer(error == null ? "ok" : "error", state.last, rec.drainOutput(), executor.exit(session),
                result == null ? List.of() : result.assertions(), result, error, rec.budget(), ended);
    }

    /** Ends the program (if still running) and writes the final artifacts; returns the run's result. */
    public RunResult close() {
        ended = true;
        state.finish(session, executor, launcher, rec.writer());
        return state.result(state.status());
    }

    private void writeScenario() {
        if (rec.writer() != null) {
            Scenario sc = setup.scenario();
            rec.writer().json(ArtifactWriter.SCENARIO, ScenarioParser.canonical(new Scenario(sc.name(),
                    sc.description(), sc.run(), steps), setup.policy()));
        }
    }
}
