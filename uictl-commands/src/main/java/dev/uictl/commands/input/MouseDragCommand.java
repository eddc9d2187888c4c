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

public final class MouseDragCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("mouse drag", Category.INPUT)
            .summary("Press at X1 Y1, move in steps, release at X2 Y2")
            .param(ParamSpec.positional("x1", ParamType.INTEGER, "Start X").within(Range.COORDINATE))
            .param(ParamSpec.positional("y1", ParamType.INTEGER, "Start Y").within(Range.COORDINATE))
            .param(ParamSpec.positional("x2", ParamType.INTEGER, "End X").within(Range.COORDINATE))
            .param(ParamSpec.positional("y2", ParamType.INTEGER, "End Y").within(Range.COORDINATE))
            .param(InputParams.BUTTON)
            .output(ClickCommand.POINTER)
            .example("mouse drag 100 100 300 200", "Drag with the left button from 100,100 to 300,200")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        Point from = new Point((int) args.integer("x1"), (int) args.integer("y1"));
        Point to = new Point((int) args.integer("x2"), (int) args.integer("y2"));
        return Result.of(ctx.service(InputInjection.class).drag(ctx, from, to, InputParams.button(args)));
    }
}
