package dev.uictl.commands.scenario;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.model.Scenario;
import dev.uictl.engine.scenario.model.ScenarioParser;
import dev.uictl.engine.scenario.replay.Normalization;
import dev.uictl.engine.scenario.run.ScenarioRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** `run --scenario FILE`: a scripted scenario (JSON or YAML, ptybox's format accepted unchanged). */
public final class RunCommand implements Command {
    static final long MAX_SCENARIO_BYTES = 8L << 20;

    static final CommandSpec SPEC = CommandSpec.builder("run", Category.SCRIPTED)
            .summary("Run a scenario file (JSON or YAML): steps of keys, text, paste, resize, waits and assertions")
            .description("scenario_version 1: metadata, run{command, args, cwd, initial_size, policy}, steps[{id, name, "
                    + "action, assert[], timeout_ms, retries}]. Actions key, text, paste, resize, wait, observe, "
                    + "terminate; wait conditions screen_contains, screen_matches, cursor_at, process_exited, "
                    + "screen_stable; assertions screen_contains, not_contains, regex_match, line_equals, line_contains, "
                    + "line_matches, cursor_at, screen_empty, cursor_visible, cursor_hidden, exit_code, style_at. Each "
                    + "input is sent once and the step returns when the screen settles; retries re-observe the screen "
                    + "(waiting for it to change) until timeout_ms, never re-sending input. The first failing step "
                    + "skips the rest; a program still running at the end is terminated. ptybox/tui-use scenarios run "
                    + "unchanged. `uictl protocol-help` and `uictl schema scenario` describe the format.")
            .param(ParamSpec.option("scenario", ParamType.PATH, "The scenario file (.json, .yaml or .yml)").asRequired())
            .param(RunArgs.ARTIFACTS)
            .param(RunArgs.OVERWRITE)
            .param(RunArgs.CWD)
            .param(ParamSpec.flag("verbose", "Progress on stderr: each step, its assertions and failures").alias("-v"))
            .output(new OutputType("run-result", RunResult.class, "The result of an exec, scenario or driver run"))
            .example("run --scenario examples/scenarios/echo.json", "Run a scenario and return its RunResult")
            .example("run --scenario examples/scenarios/echo.yaml -v --artifacts /tmp/uictl-run-demo --overwrite",
                    "With progress on stderr, recorded for replay and trace")
            .errors(ErrorCode.APP_NOT_FOUND, ErrorCode.PERMISSION_DENIED, ErrorCode.IO_ERROR, ErrorCode.TIMEOUT,
                    ErrorCode.ASSERTION_FAILED, ErrorCode.PROCESS_EXIT, ErrorCode.POLICY_DENIED,
                    ErrorCode.SANDBOX_UNAVAILABLE)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        Path file = ctx.cwd().resolve(args.string("scenario")).normalize();
        Scenario scenario = load(file);
        Path cwd = RunArgs.cwd(args, ctx, scenario.run().cwd());
        RunResult result = ScenarioRunner.run(new ScenarioRunner.Setup("scenario", scenario, cwd, RunPolicy.budgets(),
                        RunArgs.noPolicy(), Normalization.defaults(), RunArgs.artifacts(args, ctx),
                        args.flag(RunArgs.OVERWRITE.name()), RunArgs.progress(args.flag("verbose"), ctx)),
                RunArgs.launcher(ctx), ctx);
        return Result.of(RunArgs.outcome(result));
    }

    static Scenario load(Path file) {
        String text;
        try {
            if (!Files.isRegularFile(file)) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "no scenario file " + file)
                        .withHint("Give the path of a .json or .yaml scenario.").withDetail("path", file.toString());
            }
            if (Files.size(file) > MAX_SCENARIO_BYTES) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "the scenario " + file + " is larger than 8 MiB")
                        .withHint("Split it into several scenarios.").withDetail("path", file.toString());
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.IO_ERROR, "cannot read " + file + ": " + e.getMessage()).withCause(e)
                    .withDetail("path", file.toString());
        }
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        try {
            return ScenarioParser.parse(text, name.endsWith(".yaml") || name.endsWith(".yml"));
        } catch (UictlException e) {
            throw e.withDetail("file", file.toString());
        }
    }
}
