package dev.uictl.commands.events;

import dev.uictl.core.envelope.AgentHints;
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
import dev.uictl.engine.desktop.events.AccessibilityEvents;
import dev.uictl.engine.desktop.events.IdleResult;

public final class WaitIdleCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("wait idle", Category.WAIT)
            .summary("Wait until the accessibility tree is quiet: no accessibility event for --quiet-ms")
            .description("Listens to every application's accessibility events (tree, state, property, text, "
                    + "window); returns once none arrived for the quiet period, or TIMEOUT (details.kind: not_idle, "
                    + "with the last event) when the desktop never went quiet within --timeout.")
            .param(ParamSpec.option("quiet-ms", ParamType.INTEGER, "how long nothing may change").defaultsTo("500")
                    .between(50, 60_000))
            .param(ParamSpec.option("timeout", ParamType.INTEGER, "give up after this many ms").defaultsTo("10000")
                    .between(50, 600_000))
            .output(new OutputType("idle-wait", IdleResult.class, "The accessibility tree went quiet"))
            .example("wait idle", "Wait until nothing changed for 500 ms (at most 10 s)")
            .example("wait idle --quiet-ms 1000 --timeout 5000", "A longer quiet period, a shorter budget")
            .errors(ErrorCode.DEPENDENCY_MISSING, ErrorCode.TIMEOUT, ErrorCode.PLATFORM_NOT_SUPPORTED)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        IdleResult r = ctx.service(AccessibilityEvents.class).idle(ctx, args.integerOr("quiet-ms", 500),
                args.integerOr("timeout", 10_000));
        return Result.of(r, AgentHints.summary("quiet for " + r.quietMs() + " ms after " + r.elapsedMs() + " ms ("
                + r.events() + " events)"));
    }
}
