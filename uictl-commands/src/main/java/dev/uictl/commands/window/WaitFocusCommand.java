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
import dev.uictl.core.registry.ToolGroup;
import dev.uictl.engine.desktop.service.DesktopService;

import dev.uictl.engine.desktop.model.WaitResult;

public final class WaitFocusCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("wait focus", Category.WAIT)
            .toolGroup(ToolGroup.DESKTOP)
            .summary("Wait until the window matching the selector is focused")
            .param(WindowParams.SELECTOR)
            .param(WindowParams.TIMEOUT).param(WindowParams.POLL_MS)
            .output(WaitWindowCommand.OUTPUT)
            .example("wait focus class=xterm --timeout 2000", "Wait up to 2 s for the xterm to get focus")
            // a window that is not there (yet, or any more) is what the wait waits out: TIMEOUT, not NOT_FOUND
            .errors(ErrorCode.TIMEOUT, ErrorCode.INVALID_ARGS, ErrorCode.SELECTOR_INVALID, ErrorCode.SELECTOR_AMBIGUOUS)
            .errors(WindowParams.DISPLAY_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        WaitResult r = ctx.service(DesktopService.class).waits().focus(ctx, args.string("selector"),
                args.integer("timeout"), args.integer("poll-ms"));
        return Result.of(r, AgentHints.summary("focused after " + r.elapsedMs() + " ms"));
    }
}
