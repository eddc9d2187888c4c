package dev.uictl.commands.term;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.terminal.TerminalSession;
import dev.uictl.engine.terminal.TerminalSessions;

public final class TermResizeCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("term resize", Category.TERMINAL)
            .summary("Resize a session's terminal (the program gets SIGWINCH) and return the redrawn screen")
            .param(TermArgs.SESSION)
            .param(ParamSpec.positional("size", ParamType.STRING, "New size ROWSxCOLS"))
            .param(TermArgs.SETTLE_MAX)
            .output(TermTypeCommand.ACTION)
            .example("term resize demo 40x120", "Grow the terminal to 40 rows, 120 columns")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.PROCESS_EXIT, ErrorCode.IO_ERROR)
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        int[] size = TermArgs.size(args.string("size"), "SIZE");
        TerminalSession session = ctx.service(TerminalSessions.class).find(args.string("session"));
        return Result.of(session.resize(size[0], size[1], TermArgs.settle(args), ctx.cancellation()));
    }
}
