package dev.uictl.commands.tmux;

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
import dev.uictl.engine.tmux.TmuxService;
import dev.uictl.engine.tmux.PaneTargets;
import dev.uictl.engine.tmux.model.ActivityResult;

public final class TmuxActivityCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("tmux activity", Category.TMUX)
            .summary("Per pane: idle, working or exited, with output velocity, last-output age, pid liveness and why")
            .description("Judged from each pane's control-mode output stream and its process, not by polling "
                    + "capture-pane. uictl keeps watching a session's panes once it touched them; a pane watched for "
                    + "less than --quiet-ms is watched until then, so the first call on a session takes that long.")
            .param(TmuxArgs.SESSION)
            .param(TmuxArgs.PANE).param(TmuxArgs.PANES)
            .param(TmuxArgs.QUIET_MS)
            .param(TmuxArgs.SOCKET_NAME).param(TmuxArgs.SOCKET_PATH)
            .param(TmuxArgs.timeout("10000"))
            .output(new OutputType("tmux-activity", ActivityResult.class, "Per-pane activity of a tmux session"))
            .example("tmux activity demo -L uictl-demo", "Every pane's state")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.PANE_NOT_FOUND, ErrorCode.DEPENDENCY_MISSING,
                    ErrorCode.TIMEOUT, ErrorCode.ACTION_FAILED)
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        PaneTargets targets = args.has("pane") || args.has("panes") ? TmuxArgs.panes(args) : PaneTargets.ALL;
        return Result.of(ctx.service(TmuxService.class).observation().activity(
                TmuxArgs.within(ctx, TmuxArgs.millis(args, "timeout", 1, 600_000)), TmuxArgs.server(args),
                TmuxArgs.session(args), targets, TmuxArgs.millis(args, "quiet-ms", 1, 600_000)));
    }
}
