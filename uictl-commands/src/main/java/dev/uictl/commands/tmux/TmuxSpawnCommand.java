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
import dev.uictl.engine.tmux.model.SpawnResult;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class TmuxSpawnCommand implements Command {
    private static final Pattern SIZE = Pattern.compile("(\\d{1,4})x(\\d{1,4})");

    static final CommandSpec SPEC = TmuxArgs.spec("tmux spawn", TmuxArgs.SESSION, false, "10000")
            .summary("Create a tmux session with one pane per --pane-cmd (a shell if none), tiled")
            .description("Starts the server if none runs. Each --pane-cmd is a shell command line run by tmux. Panes "
                    + "whose program ended stay visible (remain-on-exit) so their output and exit status can be read; "
                    + "end the session with `uictl tmux kill`. uictl watches the panes' output from their first byte.")
            .param(ParamSpec.option("pane-cmd", ParamType.STRING_LIST, "Command line of one pane (repeatable)"))
            .param(ParamSpec.option("dir", ParamType.PATH, "Working directory of the panes").defaultsTo("."))
            .param(ParamSpec.option("layout", ParamType.STRING, "Layout of several panes").choices("tiled", "none")
                    .defaultsTo("tiled"))
            .param(ParamSpec.option("size", ParamType.STRING, "Window size COLSxROWS").defaultsTo("160x48"))
            .output(new OutputType("tmux-spawned", SpawnResult.class, "A new tmux session and its panes"))
            .example("tmux spawn demo --pane-cmd 'bash --norc' --pane-cmd 'bash --norc' -L uictl-demo",
                    "A session with two shells on a private server")
            .example("tmux spawn work --dir /tmp", "One shell in /tmp on the default server")
            .errors(ErrorCode.DEPENDENCY_MISSING, ErrorCode.TIMEOUT, ErrorCode.ACTION_FAILED)
            .annotations(ToolAnnotations.additive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        List<String> commands = args.list("pane-cmd");
        if (commands.size() > 64) {
            throw TmuxArgs.invalid("at most 64 --pane-cmd", "Spawn several sessions instead.");
        }
        for (String c : commands) {
            if (c.isBlank() || c.length() > 4096 || c.chars().anyMatch(ch -> ch < 0x20 && ch != '\t')) {
                throw TmuxArgs.invalid("--pane-cmd must be one non-empty line of at most 4096 characters",
                        "Put longer scripts in a file and run that file.");
            }
        }
        Matcher m = SIZE.matcher(args.string("size"));
        int cols = m.matches() ? Integer.parseInt(m.group(1)) : -1;
        int rows = m.matches() ? Integer.parseInt(m.group(2)) : -1;
        if (cols < 10 || rows < 2 || cols > 1000 || rows > 1000) {
            throw TmuxArgs.invalid("--size must be COLSxROWS with 10..1000 columns and 2..1000 rows, got '"
                    + args.string("size") + "'", "E.g. `--size 160x48`.");
        }
        return Result.of(ctx.service(TmuxService.class).spawn(
                TmuxArgs.call(ctx, args), TmuxArgs.server(args),
                TmuxArgs.session(args), commands, Path.of(args.string("dir")), cols, rows,
                args.string("layout").equals("tiled")));
    }
}
