package dev.uictl.commands.tmux;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.tmux.TmuxService;
import dev.uictl.engine.tmux.model.KillResult;

public final class TmuxKillCommand implements Command {
    static final CommandSpec SPEC = TmuxArgs.spec("tmux kill", TmuxArgs.SESSION, false, null)
            .summary("End a tmux session (exactly that name) and its programs")
            .output(new OutputType("tmux-killed", KillResult.class, "An ended tmux session"))
            .example("tmux kill demo -L uictl-demo", "End session demo")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.DEPENDENCY_MISSING, ErrorCode.TIMEOUT,
                    ErrorCode.ACTION_FAILED)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(TmuxService.class).kill(TmuxArgs.call(ctx, args), TmuxArgs.server(args),
                TmuxArgs.session(args)));
    }
}
