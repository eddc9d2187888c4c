package dev.uictl.commands.input;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Range;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.input.Point;

public final class MouseMoveCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("mouse move", Category.INPUT)
            .summary("Move the pointer to X Y (screen coordinates)")
            .param(ParamSpec.positional("x", ParamType.INTEGER, "X in screen coordinates").within(Range.COORDINATE))
            .param(ParamSpec.positional("y", ParamType.INTEGER, "Y in screen coordinates").within(Range.COORDINATE))
            .output(ClickCommand.POINTER)
            .example("mouse move 300 200", "Move the pointer to 300,200")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(InputInjection.class).move(ctx, new Point((int) args.integer("x"),
                (int) args.integer("y"))));
    }
}
