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

import dev.uictl.engine.desktop.model.AppList;

public final class ListAppsCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("list-apps", Category.DESKTOP)
            .summary("Applications with windows, grouped by WM_CLASS class, with their pids and windows")
            .output(new OutputType("app-list", AppList.class, "Applications with windows"))
            .example("list-apps", "Which applications have windows")
            .errors(WindowParams.DISPLAY_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        AppList apps = ctx.service(DesktopService.class).apps().list(ctx);
        return Result.of(apps, AgentHints.summary(apps.apps().size() + " applications"));
    }
}
