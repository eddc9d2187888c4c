package dev.uictl.commands.scenario;

import dev.uictl.commands.ProgramWords;
import dev.uictl.commands.policy.PolicyParams;
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
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** `exec -- CMD ARGS`: one program on a pseudo-terminal until it exits, recorded like a one-step scenario. */
public final class ExecCommand implements Command {
    static final CommandSpec SPEC = PolicyParams.addTo(CommandSpec.builder("exec", Category.SCRIPTED)
            .summary("Run a program on a pseudo-terminal until it exits; returns a RunResult with its exit and final screen")
            .description("The program runs without a shell (argv as given) on a terminal of --size. The run passes when "
                    + "it exits 0; a non-zero exit or a signal is PROCESS_EXIT (exit 6), running past the policy's "
                    + "max_runtime_ms is TIMEOUT (exit 4; the program is ended). With --artifacts DIR the run is "
                    + "recorded (run.json, transcript.log, snapshots, events, checksums; see docs/artifacts.md) and "
                    + "can be replayed with `uictl replay`. A failed run's RunResult is in error.details.run_result. "
                    + "The policy is deny-by-default (bwrap sandbox, nothing executable): give --policy FILE or "
                    + "flags such as --allow-exec PATH; --explain-policy lists every violation without running.")
            .param(PolicyParams.EXPLAIN)
            .param(RunArgs.ARTIFACTS)
            .param(RunArgs.OVERWRITE)
            .param(RunArgs.SIZE)
            .param(RunArgs.CWD)
            .param(ParamSpec.positional("command", ParamType.STRING_LIST, "The program and its arguments, after --"))
            .output(new OutputType("run-result", RunResult.class, "The result of an exec, scenario or driver run"))
            .example("exec --allow-exec /usr/bin/echo --allow-read /usr/share/doc --cwd /usr/share/doc -- echo hello",
                    "Run echo in the sandbox, in a directory it may read; return its screen and exit")
            .example("exec --allow-exec /usr/bin/ls --allow-read /usr/share/doc --cwd /usr/share/doc --artifacts "
                    + "/tmp/uictl-exec-demo --overwrite --size 10x40 -- ls", "Record a sandboxed run for replay")
            .example("exec --explain-policy -- /usr/bin/id", "Show why the default policy refuses a program, running nothing")
            .errors(ErrorCode.APP_NOT_FOUND, ErrorCode.PERMISSION_DENIED, ErrorCode.IO_ERROR, ErrorCode.TIMEOUT,
                    ErrorCode.PROCESS_EXIT, ErrorCode.POLICY_DENIED, ErrorCode.SANDBOX_UNAVAILABLE)
            .annotations(ToolAnnotations.destructive()))
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        List<String> argv = ProgramWords.of(args, "exec", "uictl exec --allow-exec /usr/bin/ls -- ls");
        int[] size = RunSize.parse(args.string(RunArgs.SIZE.name()));
        Path cwd = RunArgs.cwd(args, ctx, null);
        Scenario scenario = waitForExit(argv, size);
        if (PolicyParams.explain(args)) {
            return RunArgs.explained(scenario, "exec", cwd, args, ctx, null);
        }
        RunPolicy policy = RunPolicy.resolve(args, ctx, null, null);
        cwd = cwd != null ? cwd : policy.policy().fs().workingDir();
        RunResult result = ScenarioRunner.run(new ScenarioRunner.Setup("exec", scenario, cwd, policy.budgets(),
                        policy.json(), Normalization.defaults(), policy.artifacts(args, ctx), policy.overwrite(args),
                        line -> { }), policy.launcher(ctx), ctx);
        return Result.of(RunArgs.outcome(result));
    }

    /** exec as a scenario: one step that waits for the exit, as long as the runtime budget allows. */
    static Scenario waitForExit(List<String> argv, int[] size) {
        ObjectNode root = dev.uictl.core.json.Json.object();
        root.put("scenario_version", 1);
        root.putObject("metadata").put("name", "exec");
        ObjectNode run = root.putObject("run");
        run.put("command", argv.getFirst());
        argv.subList(1, argv.size()).forEach(run.putArray("args")::add);
        run.putObject("initial_size").put("rows", size[0]).put("cols", size[1]);
        ObjectNode step = root.putArray("steps").addObject();
        step.put("id", "exit");
        step.put("name", "wait for the program to exit");
        step.putObject("action").put("type", "wait").putObject("payload").putObject("condition")
                .put("type", "process_exited").putObject("payload");
        step.put("timeout_ms", ScenarioParser.MAX_TIMEOUT_MS);
        return ScenarioParser.parse(root);
    }
}
