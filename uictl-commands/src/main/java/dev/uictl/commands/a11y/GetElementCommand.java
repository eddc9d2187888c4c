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

public final class GetElementCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("get element", Category.OBSERVE)
            .alias("get-element")
            .summary("Read one property of an element: text, value, name, bounds, role, states or actions")
            .description("Written `get REF` (e.g. `uictl get @e3 --property value`): a first argument of `get` that "
                    + "is a ref or an element query runs this command; `get element REF` is the same. TARGET is a ref from a snapshot (@e3, @<snapshot_id>:e3) or an element query "
                    + "(role=textfield name=\"Name field\", scoped with WINDOW >> QUERY). The ref is re-identified "
                    + "if its element was recreated; a vanished one is STALE_REF. text is the Text content (never "
                    + "of a password field) or the name; value the Value or the text of a text field; actions the "
                    + "names `uictl action` takes.")
            .param(ElementParams.TARGET)
            .param(ParamSpec.option("property", ParamType.ENUM, "what to read")
                    .choices(ElementQueries.GET_PROPERTIES.toArray(String[]::new)).defaultsTo("text"))
            .param(A11yParams.TIMEOUT)
            .output(new OutputType("element-property", ElementQueries.Property.class, "One property of an element"))
            .example("get @e3 --property value", "The value of element e3 of the latest snapshot")
            .example("get 'role=label name=Status' --property text", "The text of a label found by query")
            .example("get element @e3 --property states", "The long form of get REF")
            .example("get 'role=button name=\"Press me\"' --property actions", "The actions `uictl action` can run "
                    + "on a button")
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
        ElementQueries.Property p = command.service(ElementQueries.class).get(ctx, args.string("target"),
                args.stringOr("property", "text"));
        return Result.of(p, AgentHints.summary(p.property() + " of " + p.target()));
    }
}
