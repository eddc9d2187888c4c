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

import dev.uictl.engine.desktop.model.SystemInfo;

public final class GetSystemInfoCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("get systeminfo", Category.DESKTOP)
            .summary("Backend, display, session, screen and monitors of the desktop")
            .output(new OutputType("systeminfo", SystemInfo.class, "The desktop uictl talks to"))
            .example("get systeminfo", "Describe the desktop")
            .errors(WindowParams.DISPLAY_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(DesktopService.class).systemInfo(ctx));
    }
}
