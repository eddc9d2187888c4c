package dev.uictl.commands.tmux;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.tmux.TmuxService;
import dev.uictl.engine.tmux.PaneTargets;
import dev.uictl.engine.tmux.model.ActivityResult;

public final class TmuxActivityCommand implements Command {
    static final CommandSpec SPEC = TmuxArgs.spec("tmux activity", TmuxArgs.SESSION, false, "10000")
            .summary("Per pane: idle, working or exited, with output velocity, last-output age, pid liveness and why")
            .description("Judged from each pane's control-mode output stream and its process, not by polling "
                    + "capture-pane. uictl keeps watching a session's panes once it touched them; a pane watched for "
                    + "less than --quiet-ms is watched until then, so the first call on a session takes that long.")
            .param(TmuxArgs.PANE).param(TmuxArgs.PANES)
            .param(TmuxArgs.QUIET_MS)
            .output(new OutputType("tmux-activity", ActivityResult.class, "Per-pane activity of a tmux session"))
            .example("tmux activity demo -L uictl-demo", "Every pane's state")
            .errors(TmuxArgs.PANE_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        PaneTargets targets = args.has("pane") || args.has("panes") ? TmuxArgs.panes(args) : PaneTargets.ALL;
        return Result.of(ctx.service(TmuxService.class).observation().activity(
                TmuxArgs.call(ctx, args), TmuxArgs.server(args),
                TmuxArgs.session(args), targets, TmuxArgs.quiet(args)));
    }
}
