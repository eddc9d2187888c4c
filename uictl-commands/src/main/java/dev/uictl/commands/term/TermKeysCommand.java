package dev.uictl.commands.term;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.terminal.TerminalSession;
import dev.uictl.engine.terminal.TerminalSessions;

public final class TermKeysCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("term keys", Category.TERMINAL)
            .summary("Press named keys and chords (tmux style) in a session and return the settled screen")
            .description("Keys: Enter Tab S-Tab Escape BSpace Space Up Down Left Right Home End PgUp PgDn IC DC F1..F12, "
                    + "chords C-x M-x C-M-a S-Up C-Left; a single character stands for itself. Cursor and keypad keys "
                    + "follow the modes the program set (e.g. DECCKM). All keys are checked before any is sent; a chord the "
                    + "terminal cannot encode (C-Tab, S-Space, C-Enter, S-1) is refused as INVALID_ARGS naming the "
                    + "key, never sent as another key. "
                    + "A lone Escape followed by more keys is sent on its own and the rest waits (at most 1.5 s) until "
                    + "the program has taken it, so `Escape : w q Enter` is not read as Alt+:; for Alt send M-x, "
                    + "which stays one write.")
            .param(TermArgs.SESSION)
            .param(ParamSpec.positional("keys", ParamType.STRING_LIST, "Key names, sent in order"))
            .param(TermArgs.SETTLE_MAX)
            .param(TermArgs.WAIT_TEXT)
            .param(TermArgs.WAIT_REGEX)
            .param(TermArgs.WAIT_TIMEOUT)
            .param(TermArgs.DIFF)
            .output(TermTypeCommand.ACTION)
            .example("term keys demo Enter", "Press Enter")
            .example("term keys demo C-c", "Interrupt the foreground program")
            .example("term keys demo Enter --diff --terse", "Press Enter; answer with only the changed rows and "
                    + "what else changed, leaving out the echo of the keys")
            .example("term keys demo Up Enter", "Repeat the last shell command")
            .example("term keys demo M-b", "Alt+b (readline: back one word)")
            .example("term keys demo Up Enter --wait-text hello", "Run the last command again and wait for its new "
                    + "output (text already on the screen does not count)")
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
        return TermArgs.action(session.keys(args.list("keys"), TermArgs.settle(args), TermArgs.afterInput(args),
                ctx.cancellation()), args);
    }
}
