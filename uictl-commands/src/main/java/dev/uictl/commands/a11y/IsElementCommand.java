package dev.uictl.commands.a11y;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.call.CallContext;
import dev.uictl.commands.element.ElementParams;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.a11y.ElementQueries;

public final class IsElementCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("is", Category.OBSERVE)
            .summary("Whether an element is visible, enabled, checked, focused or expanded (result true/false)")
            .description("TARGET is a ref from a snapshot or an element query. The answer is data "
                    + "(result:false is still success); use wait element to wait for a state.")
            .param(ElementParams.TARGET)
            .param(ParamSpec.option("property", ParamType.ENUM, "the state to check").choices("visible", "enabled",
                    "checked", "focused", "expanded").defaultsTo("visible"))
            .param(A11yParams.TIMEOUT)
            .output(new OutputType("element-check", ElementQueries.Check.class, "Whether an element is in a state"))
            .example("is @e3 --property checked", "Is check box e3 of the latest snapshot checked?")
            .example("is 'role=checkbox name~=enable' --property enabled", "Is the check box named …enable… enabled?")
            .errors(A11yParams.A11Y_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext command) {
        CallContext ctx = A11yParams.bounded(args, command);
        ElementQueries.Check c = command.service(ElementQueries.class).is(ctx, args.string("target"),
                args.stringOr("property", "visible"));
        return Result.of(c, AgentHints.summary(c.target() + " " + c.property() + ": " + c.result()));
    }
}
