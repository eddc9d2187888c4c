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
import dev.uictl.engine.tmux.model.TmuxStatus;

public final class TmuxStatusCommand implements Command {
    static final CommandSpec SPEC = TmuxArgs.spec("tmux status", TmuxArgs.SESSION.asOptional(), false, null)
            .summary("List the sessions of a tmux server with their panes (id %N, index W.P, title, command, pid, size)")
            .description("No server on the socket is not an error: running is false and sessions empty.")
            .output(new OutputType("tmux-status", TmuxStatus.class, "The sessions and panes of a tmux server"))
            .example("tmux status", "Every session and pane of the default server")
            .example("tmux status demo -L uictl-demo", "One session on the server of socket name uictl-demo")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.DEPENDENCY_MISSING, ErrorCode.TIMEOUT, ErrorCode.ACTION_FAILED)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(TmuxService.class).status(TmuxArgs.call(ctx, args), TmuxArgs.server(args),
                args.has("session") ? TmuxArgs.session(args) : null));
    }
}
