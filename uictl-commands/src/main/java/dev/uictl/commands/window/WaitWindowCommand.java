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

public final class WaitWindowCommand implements Command {
    static final OutputType OUTPUT = new OutputType("wait-result", WaitResult.class, "A satisfied window wait");
    static final CommandSpec SPEC = CommandSpec.builder("wait window", Category.WAIT)
            .toolGroup(ToolGroup.DESKTOP)
            .summary("Wait until exactly one window matches the selector (or, with --gone, none does)")
            .param(WindowParams.SELECTOR)
            .param(ParamSpec.flag("gone", "Wait until no window matches"))
            .param(WindowParams.TIMEOUT).param(WindowParams.POLL_MS)
            .output(OUTPUT)
            .example("wait window class=xterm --timeout 5000", "Wait up to 5 s for an xterm")
            .example("wait window 'title~=Save As' --gone", "Wait for the dialog to go away")
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
        WaitResult r = ctx.service(DesktopService.class).waits().window(ctx, args.string("selector"), args.flag("gone"),
                args.integer("timeout"), args.integer("poll-ms"));
        return Result.of(r, AgentHints.summary(r.waitedFor() + " after " + r.elapsedMs() + " ms"));
    }
}
