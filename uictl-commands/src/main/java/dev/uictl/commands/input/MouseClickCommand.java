package dev.uictl.commands.input;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.core.registry.ToolAnnotations;

public final class MouseClickCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("mouse click", Category.INPUT)
            .summary("Click where the pointer is")
            .param(InputParams.BUTTON)
            .param(InputParams.COUNT)
            .param(InputParams.MODIFIERS)
            .output(ClickCommand.POINTER)
            .example("mouse click", "Left click at the pointer")
            .example("mouse click --button middle", "Middle click at the pointer")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(InputInjection.class).click(ctx, "click", null, null, InputParams.button(args),
                (int) args.integerOr("count", 1), InputParams.modifiers(args)));
    }
}
