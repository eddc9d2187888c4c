package dev.uictl.commands.input;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.core.registry.ToolAnnotations;

public final class MouseUpCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("mouse up", Category.INPUT)
            .summary("Release a mouse button where the pointer is")
            .param(InputParams.BUTTON)
            .output(ClickCommand.POINTER)
            .example("mouse up", "Release the left button")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(InputInjection.class).button(ctx, InputParams.button(args), false, null));
    }
}
