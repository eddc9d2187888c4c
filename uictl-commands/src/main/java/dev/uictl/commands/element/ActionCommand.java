package dev.uictl.commands.element;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementAction;

public final class ActionCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("action", "Perform one of an element's own accessible actions by name (see get --property actions)",
                    ParamSpec.positional("name", ParamType.STRING, "the action name, e.g. activate").asRequired())
            .example("action 'role=cell name=Colors' activate", "Activate a tree row")
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.ACTION, args.string("name"));
    }
}
