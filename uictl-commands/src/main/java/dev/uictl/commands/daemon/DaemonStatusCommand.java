package dev.uictl.commands.daemon;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;

public final class DaemonStatusCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("daemon status", Category.DAEMON)
            .summary("Show whether the daemon for this user and display runs, with pid, uptime, load and log tail")
            .runsInClient()
            .output(DaemonOutputs.STATUS)
            .example("daemon status", "Is the daemon running?")
            .annotations(ToolAnnotations.readOnly().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(DaemonControl.class).status(ctx.env()));
    }
}
