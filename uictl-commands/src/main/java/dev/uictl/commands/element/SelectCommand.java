package dev.uictl.commands.element;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class SelectCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("select", "Select the item named VALUE in a list, combo box or tab list and verify it is selected",
                    ParamSpec.positional("value", ParamType.STRING, "the name of the item to select").asRequired())
            .example("select 'role=combobox name=Size' beta", "Choose beta in the Size combo box")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.SELECT, args.string("value"));
    }
}
