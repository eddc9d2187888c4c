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
import dev.uictl.engine.scenario.replay.Normalization;
import dev.uictl.engine.scenario.replay.ReplayResult;
import dev.uictl.engine.scenario.replay.Replayer;
import java.nio.file.Path;

/** `replay --artifacts DIR`: re-run a recorded run and compare. */
public final class ReplayCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("replay", Category.SCRIPTED)
            .summary("Re-run a recorded run and compare snapshots, transcript, run result and events")
            .description("Verifies checksums.json first (a changed, missing or added artifact is REPLAY_MISMATCH with "
                    + "details.kind checksum), re-runs the recorded scenario into DIR/replay-NNN, and compares after "
                    + "normalization: --strict compares everything; --normalize FILTER (repeatable; "
                    + String.join(", ", Normalization.FILTERS) + ", all, none) chooses what to ignore; otherwise the "
                    + "policy's replay settings, otherwise all filters. The policy's regex rules rewrite transcript and "
                    + "screen lines before comparing. A difference is REPLAY_MISMATCH (exit 11) with a line-level "
                    + "diff in DIR/replay-NNN/diff.json. A recorded program that cannot be started again fails with "
                    + "its own code (APP_NOT_FOUND, PERMISSION_DENIED, SANDBOX_UNAVAILABLE), nothing compared.")
            .param(RunArgs.ARTIFACTS.asRequired())
            .param(ParamSpec.flag("strict", "Compare everything: no filters, no rules"))
            .param(ParamSpec.option("normalize", ParamType.STRING_LIST, "A normalization filter (repeatable)"))
            .param(ParamSpec.flag("verbose", "Progress of the re-run on stderr").alias("-v"))
            .output(new OutputType("replay-result", ReplayResult.class, "A replay and its comparison"))
            .example("replay --artifacts /tmp/uictl-run-demo", "Replay a recorded run with the default normalization")
            .example("replay --artifacts /tmp/uictl-run-demo --strict", "Compare everything, ids and timestamps "
                    + "included: a live run differs in those, so this answers REPLAY_MISMATCH naming the first difference")
            .errors(ErrorCode.REPLAY_MISMATCH, ErrorCode.IO_ERROR, ErrorCode.APP_NOT_FOUND, ErrorCode.PERMISSION_DENIED,
                    ErrorCode.TIMEOUT, ErrorCode.POLICY_DENIED, ErrorCode.SANDBOX_UNAVAILABLE)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        Path dir = RunArgs.artifacts(args, ctx);
        Replayer.verifyChecksums(dir); // before policy.json is trusted to start anything
        RunPolicy policy = RunPolicy.recorded(dir, ctx);
        ReplayResult result = Replayer.replay(dir, args.flag("strict"),
                args.has("normalize") ? args.list("normalize") : null, policy.forReplay(), policy.launcher(ctx),
                ctx, RunArgs.progress(args.flag("verbose"), ctx));
        if (!result.mismatches().isEmpty()) {
            throw UictlException.of(ErrorCode.REPLAY_MISMATCH, "the replay differs from the recording: "
                            + result.mismatches().getFirst().kind() + " " + result.mismatches().getFirst().message())
                    .withHint("Read the diff in " + result.replayDir() + "/diff.json, or summarize with `uictl "
                            + "replay-report --artifacts " + result.original() + "`.")
                    .withDetail("replay", result);
        }
        return Result.of(result);
    }
}
