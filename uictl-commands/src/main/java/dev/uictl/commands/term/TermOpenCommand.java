package dev.uictl.commands.term;

import dev.uictl.commands.daemon.RuntimeInfo;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
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
import dev.uictl.engine.terminal.OpenRequest;
import dev.uictl.engine.terminal.OpenResult;
import dev.uictl.engine.terminal.SettlePolicy;
import dev.uictl.engine.terminal.TerminalSessions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class TermOpenCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("term open", Category.TERMINAL)
            .summary("Start a program on a new pseudo-terminal owned by the daemon; returns its id and first screen")
            .description("The program gets TERM=xterm-256color, the caller's environment (COLUMNS/LINES and multiplexer "
                    + "variables removed) plus --env, and a controlling terminal of the given size. The call returns "
                    + "once the first screen has settled.")
            .param(ParamSpec.option("name", ParamType.STRING, "A unique name to use instead of the id"))
            .param(ParamSpec.option("size", ParamType.STRING, "Terminal size ROWSxCOLS").defaultsTo("24x80"))
            .param(ParamSpec.option("cwd", ParamType.PATH, "Working directory (default: the caller's)"))
            .param(ParamSpec.option("env", ParamType.STRING_LIST, "Extra environment entry K=V (repeatable)"))
            .param(ParamSpec.positional("command", ParamType.STRING_LIST, "The program and its arguments, after --"))
            .output(new OutputType("term-opened", OpenResult.class, "A new terminal session and its first screen"))
            .example("term open --name demo -- bash --norc --noprofile", "A plain bash named demo")
            .example("term open --size 30x100 --cwd /tmp --env PS1='> ' -- sh", "sh in /tmp on a 30x100 terminal")
            .errors(ErrorCode.APP_NOT_FOUND, ErrorCode.PERMISSION_DENIED, ErrorCode.IO_ERROR)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        if (args.list("command").isEmpty()) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "term open needs the program to run after --")
                    .withHint("E.g. `uictl term open -- bash`.");
        }
        int[] size = TermArgs.size(args.string("size"), "--size");
        Path cwd = args.has("cwd") ? ctx.cwd().resolve(args.string("cwd")).normalize() : ctx.cwd();
        Map<String, String> env = new LinkedHashMap<>();
        for (String entry : args.list("env")) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "--env needs NAME=value, got '" + entry + "'")
                        .withHint("Write it like `--env FOO=bar`.").withDetail("env", entry);
            }
            env.put(entry.substring(0, eq), entry.substring(eq + 1));
        }
        OpenRequest request = new OpenRequest(args.list("command"), ctx.env(), env, cwd, size[0], size[1],
                args.has("name") ? args.string("name") : null);
        OpenResult opened = ctx.service(TerminalSessions.class).open(request, SettlePolicy.STARTUP);
        AgentHints hints = AgentHints.summary("session " + opened.sessionId() + " runs " + String.join(" ", opened.argv()))
                .withSuggestedAction("uictl term keys " + opened.sessionId() + " Enter");
        if (!"daemon".equals(ctx.service(RuntimeInfo.class).mode())) {
            // --no-daemon: the session belongs to this process and ends with it.
            hints = hints.withWarnings(List.of("not running in the daemon: the session ends when this process exits; "
                    + "drop --no-daemon to keep sessions between calls"));
        }
        return Result.of(opened, hints);
    }
}
