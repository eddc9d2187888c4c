package dev.uictl.commands.scenario;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.engine.scenario.artifacts.RunResult;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Parameters and outcome handling shared by exec, run and driver. */
final class RunArgs {
    static final ParamSpec ARTIFACTS = ParamSpec.option("artifacts", ParamType.PATH,
            "Write the run's artifacts to this directory (docs/artifacts.md); created if absent");
    static final ParamSpec OVERWRITE = ParamSpec.flag("overwrite", "Replace the artifacts in a non-empty --artifacts "
            + "directory");
    static final ParamSpec SIZE = ParamSpec.option("size", ParamType.STRING, "Terminal size ROWSxCOLS")
            .defaultsTo("24x80");
    /** No default of the caller's: a sandboxed program sees only the policy's directories, so the caller names one. */
    static final ParamSpec CWD = ParamSpec.option("cwd", ParamType.PATH, "Working directory of the program, inside "
            + "the policy's allowed_read or allowed_write under the sandbox (default: the policy's fs.working_dir)");

    private RunArgs() {
    }

    static Path artifacts(Args args, CommandContext ctx) {
        return args.has(ARTIFACTS.name()) ? ctx.cwd().resolve(args.string(ARTIFACTS.name())).normalize() : null;
    }

    /**
     * --cwd, else the scenario's run.cwd, resolved against the caller's directory; null when neither is given (the
     * policy's fs.working_dir applies then).
     */
    static Path cwd(Args args, CommandContext ctx, String fromScenario) {
        String given = args.has(CWD.name()) ? args.string(CWD.name()) : fromScenario;
        if (given == null) {
            return null;
        }
        Path cwd = ctx.cwd().resolve(given).normalize();
        if (!java.nio.file.Files.isDirectory(cwd)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "working directory " + cwd + " does not exist")
                    .withHint("Give an existing directory.").withDetail("cwd", cwd.toString());
        }
        return cwd;
    }

    /** --explain-policy: the run as it would start, nothing run; POLICY_DENIED with every violation when refused. */
    static dev.uictl.core.registry.Result explained(dev.uictl.engine.scenario.model.Scenario scenario, String kind,
                                                    Path cwd, Args args, CommandContext ctx, Path scenarioDir) {
        dev.uictl.engine.sandbox.PolicyRequest request = RunPolicy.request(args, ctx, scenario, scenarioDir);
        dev.uictl.engine.sandbox.Sandboxes sandboxes = ctx.service(dev.uictl.engine.sandbox.Sandboxes.class);
        dev.uictl.engine.sandbox.PolicyExplanation check = sandboxes.explain(request, scenario.run().argv(), cwd,
                ctx.env());
        dev.uictl.sandbox.Policy.Budgets budgets = check.allowed()
                ? sandboxes.effectivePolicy(request, ctx.env()).budgets() : dev.uictl.sandbox.Policy.Budgets.DEFAULT;
        RunResult result = dev.uictl.engine.scenario.run.ScenarioRunner.notRun(
                new dev.uictl.engine.scenario.run.ScenarioRunner.Setup(kind, scenario, cwd, budgets, check.policy(),
                        null, null, false, line -> { }), String.valueOf(check.policy().get("sandbox")), check);
        return dev.uictl.core.registry.Result.of(outcome(result));
    }

    static Consumer<String> progress(boolean verbose, CommandContext ctx) {
        return verbose ? line -> ctx.stderr().println(line) : line -> { };
    }

    /**
     * A passed run is the data; anything else fails the call with the run's error code (its exit code follows the
     * contract table) and the whole RunResult in {@code details.run_result}.
     */
    static RunResult outcome(RunResult result) {
        if (result.error() == null && !"canceled".equals(result.status())) {
            return result; // passed, or not_run with a policy that allows the run
        }
        RunResult.RunError e = result.error();
        ErrorCode code = e == null ? ErrorCode.INTERNAL_ERROR : ErrorCode.valueOf(e.code());
        throw UictlException.of(code, (result.kind() + " " + result.status() + ": ") + (e == null ? "" : e.message()))
                .withHint(hint(code, result))
                .withDetail("run_result", result);
    }

    private static String hint(ErrorCode code, RunResult result) {
        String look = result.artifactsDir() != null ? "Look at the screens in " + result.artifactsDir()
                + "/snapshots or run `uictl trace --artifacts " + result.artifactsDir() + " -o trace.html`"
                : "Run again with --artifacts DIR to keep every screen";
        return switch (code) {
            case ASSERTION_FAILED -> look + "; the failing step's assertions are in details.run_result.steps.";
            case POLICY_DENIED -> "Fix each violation in details.run_result.error.details.violations as its message "
                    + "says (a program: --allow-exec PATH; the working directory: --cwd DIR with --allow-read DIR); "
                    + "--explain-policy lists them all without running.";
            case TIMEOUT -> look + "; raise the step's timeout_ms or the policy budget named in details.";
            case PROCESS_EXIT -> look + "; the program's exit is in details.run_result.exit.";
            default -> look + ".";
        };
    }
}
