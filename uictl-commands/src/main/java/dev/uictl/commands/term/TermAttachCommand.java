package dev.uictl.commands.term;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.terminal.AttachResult;
import dev.uictl.engine.terminal.Attachment;
import dev.uictl.engine.terminal.TerminalSessions;

public final class TermAttachCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("term attach", Category.TERMINAL)
            .summary("Watch a session live and type into it (detach with Ctrl-] or end of input)")
            .description("For a person at a terminal: the screen is redrawn on stderr at every change, keystrokes go "
                    + "to the program byte by byte (the client switches its terminal to raw mode and restores it "
                    + "afterwards). Ctrl-] or end of input detaches; the session keeps running. The "
                    + "envelope on stdout reports why the attachment ended and the final screen.")
            .param(TermArgs.SESSION)
            .readsStdin()
            .interactive()
            .output(new OutputType("term-attached", AttachResult.class, "A finished live attachment"))
            .example("term attach demo", "Watch and type; Ctrl-] returns to your shell")
            // a program that ends, or input it cannot take, ends the attachment (detached_by program_exit or
            // client_gone, in the result); only an unknown session fails the call
            .errors(ErrorCode.SESSION_NOT_FOUND)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        Attachment attachment = new Attachment(ctx.service(TerminalSessions.class).find(args.string("session")));
        ctx.onDisconnect(attachment::clientGone);
        ctx.cancellation().onCancel(attachment::clientGone); // the daemon is stopping
        return Result.of(attachment.run(ctx.rawStdin(), ctx.stderr(), Attachment.DEFAULT_DETACH_KEY));
    }
}
