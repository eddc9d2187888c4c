package dev.uictl.commands.scenario;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.terminal.TerminalSessions;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/** Parameters and outcome handling shared by exec, run and driver. */
final class RunArgs {
    static final ParamSpec ARTIFACTS = ParamSpec.option("artifacts", ParamType.PATH,
            "Write the run's artifacts to this directory (docs/artifacts.md); created if absent");
    static final ParamSpec OVERWRITE = ParamSpec.flag("overwrite", "Replace the artifacts in a non-empty --artifacts "
            + "directory");
    static final ParamSpec SIZE = ParamSpec.option("size", ParamType.STRING, "Terminal size ROWSxCOLS")
            .defaultsTo("24x80");
    static final ParamSpec CWD = ParamSpec.option("cwd", ParamType.PATH, "Working directory of the program "
            + "(default: the caller's)");

    private RunArgs() {
    }

    static Path artifacts(Args args, CommandContext ctx) {
        return args.has(ARTIFACTS.name()) ? ctx.cwd().resolve(args.string(ARTIFACTS.name())).normalize() : null;
    }

    static Path cwd(Args args, CommandContext ctx, String fromScenario) {
        String given = args.has(CWD.name()) ? args.string(CWD.name()) : fromScenario;
        Path cwd = given == null ? ctx.cwd() : ctx.cwd().resolve(given).normalize();
        if (!java.nio.file.Files.isDirectory(cwd)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "working directory " + cwd + " does not exist")
                    .withHint("Give an existing directory.").withDetail("cwd", cwd.toString());
        }
        return cwd;
    }

    static SessionLauncher launcher(CommandContext ctx) {
        return new SessionLauncher(ctx.service(TerminalSessions.class), ctx.env());
    }

    static Consumer<String> progress(boolean verbose, CommandContext ctx) {
        return verbose ? line -> ctx.stderr().println(line) : line -> { };
    }

    /**
     * A passed run is the data; anything else fails the call with the run's error code (its exit code follows the
     * contract table) and the whole RunResult in {@code details.run_result}.
     */
    static RunResult outcome(RunResult result) {
        if (result.passed()) {
            return result;
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
            case TIMEOUT -> look + "; raise the step's timeout_ms or the policy budget named in details.";
            case PROCESS_EXIT -> look + "; the program's exit is in details.run_result.exit.";
            default -> look + ".";
        };
    }

    static Map<String, Object> noPolicy() {
        return Map.of("sandbox", "none");
    }
}
