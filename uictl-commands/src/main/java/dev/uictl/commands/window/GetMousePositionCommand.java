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

import dev.uictl.engine.desktop.model.PointerPosition;

public final class GetMousePositionCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("get mouse-position", Category.DESKTOP)
            .summary("Mouse pointer position in root coordinates")
            .alias("get-mouse-position")
            .output(new OutputType("mouse-position", PointerPosition.class, "Pointer position"))
            .example("get mouse-position", "Where the pointer is")
            .errors(WindowParams.DISPLAY_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(DesktopService.class).pointer(ctx));
    }
}
