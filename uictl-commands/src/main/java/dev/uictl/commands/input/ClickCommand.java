package dev.uictl.commands.input;


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
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.input.PointerResult;

public final class ClickCommand implements Command {
    static final OutputType POINTER = new OutputType("pointer-action", PointerResult.class,
            "A mouse action: where, which button, how often");

    static final CommandSpec SPEC = CommandSpec.builder("click", Category.INPUT)
            .summary("Click at x,y, at the centre of a window (raised and focused first), or on an element")
            .description("An element target (@e3, role=button name=Save) runs the element action: it waits until "
                    + "the element is actionable, then uses its accessible action, else a synthetic click at its "
                    + "uncovered centre with its window raised; data.element has the steps and post_state.")
            .param(ParamSpec.positional("target", ParamType.STRING, ElementInput.TARGET_HELP))
            .param(InputParams.BUTTON)
            .param(InputParams.COUNT)
            .param(InputParams.MODIFIERS)
            .params(ElementParams.options())
            .output(POINTER)
            .example("click 200,150", "Left click at screen position 200,150")
            .example("click 200,150 --button right", "Right click there")
            .example("click title~=Fixture --count 2", "Double-click the centre of the window titled *Fixture*")
            .example("click 200,150 --modifiers ctrl,shift", "Ctrl+Shift+click")
            .example("click @e3", "Click element e3 of the latest snapshot once it is actionable")
            .example("click 'role=button name=Save' --wait-for-gone 'role=dialog'", "Click Save, wait for the dialog to close")
            .errors(InputParams.DESKTOP_ERRORS)
            .errors(ElementParams.ERRORS)
            .errors(InputParams.TARGET_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return click(args, ctx, "click", (int) args.integerOr("count", 1));
    }

    static Result click(Args args, CommandContext ctx, String action, int count) {
        if (ElementInput.isElement(args.string("target"))) {
            return ElementInput.click(args, ctx, action, count);
        }
        var button = InputParams.button(args);
        var modifiers = InputParams.modifiers(args);
        InputParams.Aim aim = InputParams.aim(args.string("target"), ctx);
        return Result.of(ctx.service(InputInjection.class).click(ctx, action, aim.point(), aim.target(), button, count,
                modifiers));
    }

}
