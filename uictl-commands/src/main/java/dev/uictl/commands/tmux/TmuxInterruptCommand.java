package dev.uictl.commands.tmux;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.tmux.TmuxService;
import dev.uictl.engine.tmux.model.InterruptResult;

public final class TmuxInterruptCommand implements Command {
    static final CommandSpec SPEC = TmuxArgs.spec("tmux interrupt", TmuxArgs.SESSION, true, "10000")
            .summary("Send Ctrl-C to tmux panes and report whether they stopped working")
            .description("After Ctrl-C each pane must stay quiet for --quiet-ms (or exit) to count as stopped; the "
                    + "wait is bounded by --timeout, and a pane still working then is reported with stopped false. "
                    + "idle and working mean what they mean for tmux activity, tmux health and tmux wait (the same "
                    + "--quiet-ms default), so a pane called idle here is not called working by them a moment later.")
            .param(TmuxArgs.QUIET_MS)
            .output(new OutputType("tmux-interrupted", InterruptResult.class, "Ctrl-C sent, with pane states"))
            .example("tmux interrupt demo --pane 1 -L uictl-demo", "Stop what pane 1 is doing")
            .errors(TmuxArgs.PANE_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(TmuxService.class).input().interrupt(
                TmuxArgs.call(ctx, args), TmuxArgs.server(args),
                TmuxArgs.session(args), TmuxArgs.panes(args), TmuxArgs.quiet(args)));
    }
}
