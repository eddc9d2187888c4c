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
import dev.uictl.core.registry.Range;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.service.DesktopService;

import dev.uictl.engine.desktop.model.CloseAppResult;
import dev.uictl.engine.desktop.service.AppControl;

public final class CloseAppCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("close-app", Category.DESKTOP)
            .summary("Close every window of an application; with --force, SIGTERM then SIGKILL what remains")
            .param(ParamSpec.positional("app", ParamType.STRING, "WM_CLASS class (see list-apps) or a pid"))
            .param(ParamSpec.flag("force", "Terminate the processes if the windows do not close in time"))
            .param(ParamSpec.option("timeout", ParamType.INTEGER, "Milliseconds to wait for a graceful close")
                    .defaultsTo(Long.toString(AppControl.DEFAULT_CLOSE_TIMEOUT_MS)).within(Range.TIMEOUT_MS))
            .output(new OutputType("close-app", CloseAppResult.class, "An application closed"))
            .example("close-app xterm", "Close all xterms politely")
            .example("close-app xterm --force --timeout 1000", "Close them, killing any that refuse after 1 s")
            .errors(ErrorCode.APP_NOT_FOUND, ErrorCode.APP_UNRESPONSIVE, ErrorCode.POLICY_DENIED, ErrorCode.INVALID_ARGS)
            .errors(WindowParams.DISPLAY_ERRORS)
            .annotations(ToolAnnotations.destructive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        CloseAppResult r = ctx.service(DesktopService.class).apps().close(ctx, args.string("app"), args.flag("force"),
                args.integer("timeout"));
        return Result.of(r, AgentHints.summary(r.windowCount() + " windows closed (" + r.method() + ")"));
    }
}
