package dev.uictl.commands.tmux;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.tmux.TmuxService;
import dev.uictl.engine.tmux.model.TailResult;

public final class TmuxTailCommand implements Command {
    static final CommandSpec SPEC = TmuxArgs.spec("tmux tail", TmuxArgs.SESSION, true, null)
            .summary("The last lines of tmux panes, ANSI stripped, or the pane's screen as uictl's emulator sees it")
            .description("Lines come from capture-pane (scrollback plus the visible screen, wrapped lines joined, "
                    + "trailing blank lines dropped). --screen adds the pane's screen model (snapshot_version 1) from "
                    + "uictl's terminal emulator, seeded from the pane and then fed its control-mode output.")
            .param(ParamSpec.option("lines", ParamType.INTEGER, "How many lines").defaultsTo("20").between(1, 10_000))
            .param(ParamSpec.flag("screen", "Add the pane's screen model"))
            .param(ParamSpec.flag("cells", "With --screen: every cell with its style"))
            .output(new OutputType("tmux-tail", TailResult.class, "The recent output of tmux panes"))
            .example("tmux tail demo --lines 5 -L uictl-demo", "The last 5 lines of the active pane")
            .example("tmux tail demo --all --screen -L uictl-demo", "Every pane, with its screen model")
            .errors(TmuxArgs.PANE_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        if (args.flag("cells") && !args.flag("screen")) {
            throw TmuxArgs.invalid("--cells needs --screen", "Add --screen.");
        }
        return Result.of(ctx.service(TmuxService.class).observation().tail(TmuxArgs.call(ctx, args),
                TmuxArgs.server(args), TmuxArgs.session(args), TmuxArgs.panes(args),
                Math.toIntExact(args.integer("lines")), args.flag("screen"), args.flag("cells")));
    }
}
