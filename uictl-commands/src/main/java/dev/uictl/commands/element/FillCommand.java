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

public final class FillCommand implements Command {
    static final CommandSpec SPEC = ElementParams.spec("fill", "Replace a field's whole text with VALUE and verify it reads back (a password field cannot be read)",
                    ParamSpec.positional("value", ParamType.STRING, "the new text").asRequired())
            .example("fill 'role=textfield name=\"Name field\"' Alice", "Set the name field to Alice")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, ElementAction.FILL, args.string("value"));
    }
}
