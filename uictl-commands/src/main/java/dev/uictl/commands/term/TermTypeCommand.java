package dev.uictl.commands.term;

import dev.uictl.core.error.ErrorCode;
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
import dev.uictl.engine.terminal.ActionResult;
import dev.uictl.engine.terminal.TerminalSession;
import dev.uictl.engine.terminal.TerminalSessions;

public final class TermTypeCommand implements Command {
    static final OutputType ACTION = new OutputType("term-action", ActionResult.class,
            "An input action echoed back with the settled screen");

    static final CommandSpec SPEC = CommandSpec.builder("term type", Category.TERMINAL)
            .summary("Type text into a session as UTF-8 and return the settled screen")
            .description("The text is sent as is (no Enter: add `term keys ID Enter`). --paste wraps it in bracketed "
                    + "paste markers when the program enabled them, so a shell does not run pasted lines one by one.")
            .param(TermArgs.SESSION)
            .param(ParamSpec.positional("text", ParamType.STRING, "The text to type"))
            .param(ParamSpec.flag("paste", "Send as a bracketed paste when the program asked for it"))
            .param(TermArgs.SETTLE_MAX)
            .param(TermArgs.WAIT_TEXT)
            .param(TermArgs.WAIT_REGEX)
            .param(TermArgs.WAIT_TIMEOUT)
            .output(ACTION)
            .example("term type demo 'echo hello'", "Type a command line (without Enter)")
            .example("term type demo 'ls -l' --paste", "Paste text")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.PROCESS_EXIT, ErrorCode.TIMEOUT, ErrorCode.IO_ERROR)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        TerminalSession session = ctx.service(TerminalSessions.class).find(args.string("session"));
        String text = args.string("text");
        var then = TermArgs.afterInput(args);
        return TermArgs.action(args.flag("paste") ? session.paste(text, TermArgs.settle(args), then, ctx.cancellation())
                : session.type(text, TermArgs.settle(args), then, ctx.cancellation()));
    }
}
