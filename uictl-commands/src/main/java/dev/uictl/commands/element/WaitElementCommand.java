package dev.uictl.commands.element;

import dev.uictl.core.registry.ToolAnnotations;
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
import dev.uictl.engine.desktop.element.ElementWaitResult;
import dev.uictl.engine.desktop.element.ElementWaits;

public final class WaitElementCommand implements Command {
    static final OutputType OUTPUT = new OutputType("element-wait", ElementWaitResult.class,
            "A satisfied element wait and the element as read then");
    static final ParamSpec TIMEOUT = ParamSpec.option("timeout", ParamType.INTEGER, "give up after this many ms")
            .defaultsTo("10000").between(50, 600_000);
    static final CommandSpec SPEC = CommandSpec.builder("wait element", Category.WAIT)
            .summary("Wait until an element resolves and satisfies a predicate (or, with --gone, no longer resolves)")
            .param(ElementParams.TARGET)
            .param(ParamSpec.flag("gone", "wait until the target no longer resolves"))
            .param(ParamSpec.option("predicate", ParamType.STRING, "enabled, visible, checked or value=V "
                    + "(default: it exists)"))
            .param(TIMEOUT)
            .output(OUTPUT)
            .example("wait element 'role=button name=Delayed' --predicate enabled", "Wait until the button enables")
            .example("wait element 'title=Confirm >> role=button name=OK' --gone --timeout 3000",
                    "Wait until the dialog's OK button is gone")
            .errors(ElementParams.WAIT_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        if (args.flag("gone") && args.has("predicate")) {
            throw dev.uictl.core.error.UictlException.of(ErrorCode.INVALID_ARGS, "--gone takes no --predicate");
        }
        ElementWaitResult r = ctx.service(ElementWaits.class).element(ctx, args.string("target"), args.flag("gone"),
                args.stringOr("predicate", null), args.integerOr("timeout", 10_000));
        return Result.of(r, AgentHints.summary(r.waitedFor() + " " + r.predicate() + " after " + r.elapsedMs() + " ms"));
    }
}
