package dev.uictl.commands.input;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.core.registry.ToolAnnotations;

public final class MouseScrollCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("mouse scroll", Category.INPUT)
            .summary("Scroll the wheel where the pointer is: positive down/right, negative up/left (buttons 4-7)")
            .param(ParamSpec.positional("amount", ParamType.INTEGER, "Wheel steps; write negatives after --: -- -3")
                    .between(-1000, 1000))
            .param(ParamSpec.option("axis", ParamType.STRING, "vertical or horizontal")
                    .choices("vertical", "horizontal").defaultsTo("vertical"))
            .output(ClickCommand.POINTER)
            .example("mouse scroll 3", "Three steps down")
            .example("mouse scroll 2 --axis horizontal", "Two steps right")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(InputInjection.class).scroll(ctx, (int) args.integer("amount"),
                args.stringOr("axis", "vertical").equals("horizontal")));
    }
}
