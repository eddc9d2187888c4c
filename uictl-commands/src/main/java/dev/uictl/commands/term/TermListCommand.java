package dev.uictl.commands.term;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import dev.uictl.engine.terminal.SessionInfo;
import dev.uictl.engine.terminal.TerminalSessions;
import java.util.List;

public final class TermListCommand implements Command {
    @Describe("The daemon's terminal sessions, oldest first")
    public record SessionList(List<SessionInfo> sessions, int count) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("term list", Category.TERMINAL)
            .summary("List the open terminal sessions with their program, size and state")
            .output(new OutputType("term-sessions", SessionList.class, "The daemon's terminal sessions"))
            .example("term list", "Every session, running or ended")
            .example("term list --format md", "The same as a table")
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        List<SessionInfo> sessions = ctx.service(TerminalSessions.class).list();
        return Result.of(new SessionList(sessions, sessions.size()));
    }
}
