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

public final class SetValueCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("set-value", "Set an element's value (slider, spin button: its number; text field: its text) and verify it",
                    ParamSpec.positional("value", ParamType.STRING, "the value to set").asRequired())
            .example("set-value 'role=slider name=Volume' 70", "Move the Volume slider to 70")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.SET_VALUE, args.string("value"));
    }
}
