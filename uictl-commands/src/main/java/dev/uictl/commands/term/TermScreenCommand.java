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
import dev.uictl.engine.terminal.CellForm;
import dev.uictl.engine.terminal.ScreenView;
import dev.uictl.engine.terminal.TerminalSessions;

public final class TermScreenCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("term screen", Category.TERMINAL)
            .summary("Show a session's screen: lines, cursor, modes, title; optionally styled cells and scrollback")
            .param(TermArgs.SESSION)
            .param(ParamSpec.option("cells", ParamType.ENUM, "Add the styled cells: alone or =runs, runs[row] of "
                    + "equally styled text (compact; expands exactly to the cells); =full, cells[row][col] with every "
                    + "cell's character, width and style").choices("runs", "full").withOptionalValue())
            .param(ParamSpec.option("scrollback", ParamType.INTEGER, "Add up to N lines of scrollback").defaultsTo("0")
                    .between(0, 100_000))
            .output(new OutputType("term-screen", ScreenView.class, "A terminal screen snapshot (snapshot_version 1)"))
            .example("term screen demo", "The screen as lines plus cursor and modes")
            .example("term screen demo --cells", "With the styled text as runs per row")
            .example("term screen demo --cells=full", "With every cell's character, width and style")
            .example("term screen demo --scrollback 100 --format text", "Readable, with what scrolled off the top")
            .errors(ErrorCode.SESSION_NOT_FOUND)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        int scrollback = Math.toIntExact(args.integer("scrollback"));
        return Result.of(ctx.service(TerminalSessions.class).find(args.string("session"))
                .screen(cellForm(args), scrollback));
    }

    private static CellForm cellForm(Args args) {
        if (!args.has("cells")) {
            return CellForm.NONE;
        }
        return args.string("cells").equals("full") ? CellForm.FULL : CellForm.RUNS;
    }
}
