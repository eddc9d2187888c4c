package dev.uictl.commands.input;

import dev.uictl.commands.element.ElementParams;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;

public final class DblclickCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("dblclick", Category.INPUT)
            .summary("Double-click at x,y, at the centre of a window (raised and focused first), or on an element")
            .alias("double-click")
            .param(ParamSpec.positional("target", ParamType.STRING, ElementInput.TARGET_HELP))
            .param(InputParams.BUTTON)
            .param(InputParams.MODIFIERS)
            .params(ElementParams.options())
            .output(ClickCommand.POINTER)
            .example("dblclick 200,150", "Double-click at 200,150")
            .example("dblclick 'role=cell name=Colors'", "Double-click a tree row at its uncovered centre")
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
        return ClickCommand.click(args, ctx, "dblclick", 2);
    }
}
