package dev.uictl.commands.scenario;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.json.Json;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.scenario.replay.Replayer;
import java.nio.file.Files;
import java.nio.file.Path;

/** `replay-report --artifacts DIR`: the newest replay's verdict and diff. */
public final class ReplayReportCommand implements Command {
    @Describe("The newest replay of a recorded run: replay.json and diff.json")
    public record ReplayReport(@Describe("The replay directory") String dir, @Describe("replay.json") Object replay,
                               @Nullable @Describe("diff.json, when the replay differed") Object diff) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("replay-report", Category.SCRIPTED)
            .summary("Summarize the newest replay of a recorded run (its verdict, mismatches and line-level diff)")
            .param(RunArgs.ARTIFACTS.asRequired())
            .output(new OutputType("replay-report", ReplayReport.class, "The newest replay of a recorded run"))
            .example("replay-report --artifacts /tmp/uictl-run-demo", "Show the last replay's verdict and diff")
            .errors(ErrorCode.SNAPSHOT_NOT_FOUND, ErrorCode.IO_ERROR)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        Path latest = Replayer.latestReplayDir(RunArgs.artifacts(args, ctx));
        Path diff = latest.resolve("diff.json");
        return Result.of(new ReplayReport(latest.toString(), Json.tree(Replayer.readJson(latest.resolve("replay.json"))),
                Files.isRegularFile(diff) ? Json.tree(Replayer.readJson(diff)) : null));
    }
}
