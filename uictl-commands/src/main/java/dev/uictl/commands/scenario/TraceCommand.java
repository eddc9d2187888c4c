package dev.uictl.commands.scenario;

import dev.uictl.core.error.ErrorCode;
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
import dev.uictl.engine.scenario.trace.TraceResult;
import dev.uictl.engine.scenario.trace.TraceService;

public final class TraceCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("trace", Category.SCRIPTED)
            .summary("Render a run's artifacts as one self-contained HTML page")
            .description("Reads the directory an exec/run/driver wrote with --artifacts (docs/artifacts.md) and writes "
                    + "one HTML file with inline CSS and script and no network access: the steps with their status, "
                    + "every observed screen with its colours, styles, wide characters and cursor (retries are a "
                    + "step's later observations), assertions with pass/fail and messages, events, the transcript "
                    + "and the run's metadata. Keys: j/k or arrows move between steps, f jumps to the next failed "
                    + "step, t shows the transcript. Everything from the run is escaped; the checksums are verified "
                    + "and a mismatch is reported. Bounded: more than 2000 snapshots, 64 MiB of artifacts or a page "
                    + "over 64 MiB are refused.")
            .param(ParamSpec.option("artifacts", ParamType.PATH, "The run's artifacts directory").asRequired())
            .param(ParamSpec.option("output", ParamType.PATH, "The HTML file to write (replaced atomically)")
                    .alias("-o").asRequired())
            .output(new OutputType("trace", TraceResult.class, "The trace page written for a run's artifacts"))
            .example("trace --artifacts ./artifacts -o trace.html", "Write the page, then open trace.html in a browser")
            .errors(ErrorCode.IO_ERROR, ErrorCode.SNAPSHOT_NOT_FOUND)
            .annotations(ToolAnnotations.additive().idempotent().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(TraceService.class).write(ctx.cwd().resolve(args.string("artifacts")),
                ctx.cwd().resolve(args.string("output")), ctx));
    }
}
