package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.sandbox.PolicyExplanation;
import dev.uictl.engine.terminal.ExitInfo;
import dev.uictl.engine.terminal.ScreenView;
import java.util.List;

/**
 * The outcome of one scripted run (exec, run --scenario, driver): the output of those commands and {@code run.json}.
 * Rewritten atomically after every step, so a run killed mid-way leaves the steps done so far with status
 * {@code running}.
 */
@Describe("The result of an exec, scenario or driver run (run_result_version 1); also artifacts/run.json")
public record RunResult(
        @Describe("Always 1") int runResultVersion,
        @Describe("Random id of this run") String runId,
        @Describe("exec | scenario | driver") String kind,
        @Describe("running (only in a run.json of a run that was killed) | passed | failed | errored | canceled | "
                + "not_run (--explain-policy)")
        String status,
        @Describe("UTC start time, ISO-8601") String startedAt,
        @Describe("Milliseconds from start to end (so far, while running)") long durationMs,
        @Describe("The program, as given") String command,
        List<String> args,
        @Describe("Working directory of the program") String cwd,
        Size initialSize,
        @Describe("The scenario's metadata.name, or the kind") String name,
        @Describe("One entry per scenario step, in order; skipped steps after a failure included") List<StepResult> steps,
        @Nullable @Describe("The screen at the end (lines; cells are in the last snapshot file)") ScreenView finalScreen,
        @Nullable @Describe("How the program ended, when it did") ExitInfo exit,
        @Describe("True when uictl ended the program (terminate step, failure, budget, end of run)")
        boolean terminatedByHarness,
        @Nullable @Describe("Why the run failed or errored: code from the contract table, message, details")
        RunError error,
        BudgetStatus budget,
        @Nullable @Describe("The sandbox the program ran in: bwrap | none") String sandbox,
        @Nullable @Describe("The artifacts directory, when artifacts were written") String artifactsDir,
        @Nullable @Describe("With --explain-policy (status not_run): every violation and the effective policy")
        PolicyExplanation policyCheck) implements TextView {

    public RunResult {
        args = List.copyOf(args);
        steps = List.copyOf(steps);
    }

    @Describe("Terminal size")
    public record Size(int rows, int cols) {
    }

    @Describe("A run's error: a code of the contract's table (SPEC §2.2)")
    public record RunError(String code, String message, @Nullable String stepId, @Nullable Object details) {
    }

    public boolean passed() {
        return "passed".equals(status);
    }

    @Override
    public String toText() {
        StringBuilder out = new StringBuilder();
        out.append(kind).append(' ').append(runId).append(' ').append(status).append(" in ").append(durationMs)
                .append(" ms: ").append(command).append(args.isEmpty() ? "" : " " + String.join(" ", args)).append('\n');
        for (StepResult s : steps) {
            out.append("  ").append(s.status().equals("passed") ? "ok  " : s.status().equals("skipped") ? "skip" : "FAIL")
                    .append(' ').append(s.id()).append(s.name() == null ? "" : " (" + s.name() + ")")
                    .append(' ').append(s.durationMs()).append(" ms").append(s.attempts() > 1 ? ", " + s.attempts()
                            + " observations" : "").append('\n');
            for (AssertionOutcome a : s.assertions()) {
                if (!a.passed()) {
                    out.append("       ✗ ").append(a.type()).append(": ").append(a.message()).append('\n');
                }
            }
        }
        if (exit != null) {
            out.append("  program: ").append(exit).append('\n');
        }
        if (error != null) {
            out.append("  error ").append(error.code()).append(": ").append(error.message()).append('\n');
        }
        if (policyCheck != null) {
            out.append("  policy ").append(policyCheck.allowed() ? "allows the run" : "refuses the run").append('\n');
            policyCheck.violations().forEach(v -> out.append("    ").append(v.get("field")).append(": ")
                    .append(v.get("message")).append('\n'));
        }
        if (artifactsDir != null) {
            out.append("  artifacts: ").append(artifactsDir).append('\n');
        }
        return out.toString();
    }
}
