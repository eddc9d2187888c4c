package dev.uictl.commands.window;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.service.DesktopService;

import dev.uictl.engine.desktop.model.ActiveWindow;

public final class GetActiveWindowCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("get active-window", Category.WINDOWS)
            .summary("The active (focused) window")
            .output(new OutputType("active-window", ActiveWindow.class, "The active window"))
            .example("get active-window", "Which window has focus")
            .errors(ErrorCode.WINDOW_NOT_FOUND)
            .errors(WindowParams.DISPLAY_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        ActiveWindow active = ctx.service(DesktopService.class).activeWindow(ctx);
        return Result.of(active, AgentHints.summary("@" + active.window().refId() + " \"" + active.window().title() + "\""));
    }
}
