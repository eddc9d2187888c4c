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
import dev.uictl.engine.tmux.model.HealthResult;

public final class TmuxHealthCommand implements Command {
    static final CommandSpec SPEC = TmuxArgs.spec("tmux health", TmuxArgs.SESSION.asOptional(), false, null)
            .summary("Whether tmux is installed, the server answers (round trip) and, for a SESSION, its panes live")
            .description("Never fails for a missing tmux or server: those are reported in issues with a fix.")
            .output(new OutputType("tmux-health", HealthResult.class, "Whether tmux and the server work"))
            .example("tmux health", "The default server")
            .example("tmux health demo -L uictl-demo", "A private server and the panes of session demo")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.TIMEOUT)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(TmuxService.class).health(TmuxArgs.call(ctx, args), TmuxArgs.server(args),
                args.has("session") ? TmuxArgs.session(args) : null));
    }
}
