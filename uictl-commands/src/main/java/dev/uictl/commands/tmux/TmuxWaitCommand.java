package dev.uictl.commands.tmux;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.tmux.TmuxService;
import dev.uictl.engine.tmux.OutputMarks;
import dev.uictl.engine.tmux.TmuxObservation;
import dev.uictl.engine.tmux.model.TmuxWaitResult;
import java.util.Locale;

public final class TmuxWaitCommand implements Command {
    static final CommandSpec SPEC = TmuxArgs.spec("tmux wait", TmuxArgs.SESSION, true, "30000")
            .summary("Wait until tmux panes are idle, show a text, or exit")
            .description("idle: no output for --quiet-ms and the program alive; text: the text appears in output "
                    + "written after the call began, or after --since (the since of a `tmux send` answer: the response "
                    + "to that input, even if it arrived before the wait began; --include-screen also accepts it on "
                    + "the screen now); exit: the "
                    + "pane's program ended. All target panes must meet it, or one with --any. Judged from the "
                    + "control-mode output stream, never by polling capture-pane. A pane that exits first fails an "
                    + "idle or text wait with PROCESS_EXIT. After `tmux wait`, --text is this option, not the global "
                    + "text-format switch.")
            .param(ParamSpec.option("condition", ParamType.STRING, "What to wait for").choices("idle", "text", "exit")
                    .defaultsTo("idle"))
            .param(ParamSpec.option("text", ParamType.STRING, "With --condition text: the text to wait for"))
            .param(ParamSpec.flag("include-screen", "With --condition text: also accept the text already on screen"))
            .param(ParamSpec.option("since", ParamType.STRING, "With --condition text: count output after this "
                    + "marker, the since of a `tmux send` answer (PANE:WATCH:OFFSET,…), not only output after the "
                    + "call began"))
            .param(TmuxArgs.QUIET_MS)
            .param(ParamSpec.flag("any", "Return when one target pane meets the condition (default: all)"))
            .output(new OutputType("tmux-waited", TmuxWaitResult.class, "A satisfied tmux wait"))
            .example("tmux wait demo --condition idle --quiet-ms 300 -L uictl-demo", "Until the active pane is quiet")
            .example("tmux wait demo --all --any --condition text --text hello --include-screen -L uictl-demo",
                    "Until any pane shows or prints 'hello'")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.PANE_NOT_FOUND, ErrorCode.DEPENDENCY_MISSING,
                    ErrorCode.TIMEOUT, ErrorCode.PROCESS_EXIT, ErrorCode.ACTION_FAILED)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        TmuxObservation.Condition condition = TmuxObservation.Condition.valueOf(
                args.string("condition").toUpperCase(Locale.ROOT));
        String text = args.has("text") ? args.string("text") : null;
        if ((condition == TmuxObservation.Condition.TEXT) != (text != null)) {
            throw TmuxArgs.invalid("--text goes with --condition text, and --condition text needs --text",
                    "E.g. `uictl tmux wait demo --condition text --text done`.");
        }
        if (text != null && (text.isEmpty() || text.length() > 4096)) {
            throw TmuxArgs.invalid("--text must be 1..4096 characters", "Wait for a shorter, distinctive text.");
        }
        if (args.has("since") && condition != TmuxObservation.Condition.TEXT) {
            throw TmuxArgs.invalid("--since goes with --condition text", "E.g. `uictl tmux wait demo --condition text "
                    + "--text done --since %0:k2x9a:120`, with the since of the tmux send answer.");
        }
        OutputMarks since = args.has("since") ? OutputMarks.parse(args.string("since")) : null;
        return Result.of(ctx.service(TmuxService.class).observation().await(
                TmuxArgs.call(ctx, args), TmuxArgs.server(args),
                TmuxArgs.session(args), TmuxArgs.panes(args), condition, text, args.flag("include-screen"),
                args.flag("any"), TmuxArgs.quiet(args), since));
    }
}
