package dev.uictl.commands.term;

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
import dev.uictl.engine.terminal.CloseResult;
import dev.uictl.engine.terminal.TerminalSessions;

public final class TermCloseCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("term close", Category.TERMINAL)
            .summary("End a session: signal its whole process tree, SIGKILL what survives the grace period, report "
                    + "exit code vs signal")
            .param(TermArgs.SESSION)
            .param(ParamSpec.option("signal", ParamType.STRING, "First signal: HUP (like closing a terminal window), "
                    + "TERM, INT, KILL… or a number").defaultsTo("HUP"))
            .param(ParamSpec.option("grace", ParamType.INTEGER, "Milliseconds before survivors get SIGKILL")
                    .defaultsTo("2000").between(0, 60_000))
            .output(new OutputType("term-closed", CloseResult.class, "A closed session and how its program ended"))
            .example("term close demo", "Hang up the session's programs, kill survivors after 2 s")
            .example("term close demo --signal TERM --grace 500", "SIGTERM first, SIGKILL after 500 ms")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.IO_ERROR)
            .annotations(ToolAnnotations.destructive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(TerminalSessions.class).close(args.string("session"), args.string("signal"),
                TermArgs.millis(args, "grace")));
    }
}
