package dev.uictl.commands.term;

import dev.uictl.commands.ProgramWords;
import dev.uictl.commands.daemon.RuntimeInfo;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.file.SafeName;
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
import dev.uictl.commands.policy.Assignments;
import dev.uictl.commands.policy.PolicyParams;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import dev.uictl.engine.sandbox.Sandboxes;
import dev.uictl.engine.terminal.OpenRequest;
import dev.uictl.engine.terminal.OpenResult;
import dev.uictl.engine.terminal.Readiness;
import dev.uictl.engine.terminal.WaitCondition;
import dev.uictl.engine.terminal.SettlePolicy;
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.sandbox.SandboxedCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

public final class TermOpenCommand implements Command {
    static final CommandSpec SPEC = PolicyParams.addTo(CommandSpec.builder("term open", Category.TERMINAL)
            .summary("Start a program on a new pseudo-terminal owned by the daemon; returns its id and first screen")
            .description("The program gets TERM=xterm-256color, the caller's environment (COLUMNS/LINES and multiplexer "
                    + "variables removed) plus --env, and a controlling terminal of the given size. The call returns "
                    + "once the program is ready and its screen has settled: ready means its first output (or it "
                    + "waiting for input or on a timer without drawing anything), or with --wait-text/--wait-regex "
                    + "that text on the screen (TIMEOUT if it does not show; the session stays open). Without them, "
                    + "a program that is not ready within --timeout is returned with ready:false. Settled means its output "
                    + "went quiet while it waits for input; the settle ends after 3 s, or at --timeout when sooner, "
                    + "with settled:false and why (unsettled). With --policy or any "
                    + "policy flag the program runs under that policy (deny by default: docs/policy.md), enforced by "
                    + "bubblewrap, Landlock and seccomp; its environment is then only what the policy passes, plus TERM.")
            .param(ParamSpec.option("name", ParamType.STRING, "A unique name to use instead of the id"))
            .param(ParamSpec.option("size", ParamType.STRING, "Terminal size ROWSxCOLS").defaultsTo("24x80"))
            .param(ParamSpec.option("cwd", ParamType.PATH, "Working directory (default: the caller's; under a "
                    + "policy, its fs.working_dir)"))
            .param(ParamSpec.option("env", ParamType.STRING_LIST, "Extra environment entry K=V (repeatable)"))
            .param(ParamSpec.option("wait-text", ParamType.STRING, "Ready once this text is on the screen"))
            .param(ParamSpec.option("wait-regex", ParamType.STRING, "Ready once this pattern matches the screen "
                    + "(like term wait --regex)"))
            .param(ParamSpec.option("timeout", ParamType.INTEGER, "Longest wait, in ms, for the program to be ready")
                    .defaultsTo("10000").between(0, 3_600_000)))
            .param(TermArgs.PROGRAM)
            .output(new OutputType("term-opened", OpenResult.class, "A new terminal session and its first screen"))
            .example("term open --name demo -- bash --norc --noprofile", "A plain bash named demo")
            .example("term open --size 30x100 --cwd /tmp --env PS1='> ' -- sh", "sh in /tmp on a 30x100 terminal")
            .example("term open --wait-text '>>> ' -- python3", "python3, once its prompt shows")
            .example("term open --allow-exec /usr/bin/python3 --allow-read /usr/share/doc --cwd /usr/share/doc "
                    + "--wait-text '>>> ' -- python3", "python3 in the sandbox: no network, only its private /tmp "
                    + "writable, no other program executable")
            .errors(ErrorCode.APP_NOT_FOUND, ErrorCode.PERMISSION_DENIED, ErrorCode.IO_ERROR, ErrorCode.TIMEOUT,
                    ErrorCode.PROCESS_EXIT, ErrorCode.POLICY_DENIED, ErrorCode.SANDBOX_UNAVAILABLE)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        List<String> program = ProgramWords.of(args, "term open", "uictl term open -- bash");
        int[] size = TermArgs.size(args.string("size"), "--size");
        Path cwd = args.has("cwd") ? ctx.cwd().resolve(args.string("cwd")).normalize() : ctx.cwd();
        Map<String, String> env = Assignments.parse(args.list("env"), "env", "FOO=bar");
        String name = args.has("name") ? SafeName.check("session name", args.string("name")) : null;
        OpenRequest request;
        if (PolicyParams.requested(args)) {
            if (!env.isEmpty()) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "--env does not apply under a policy")
                        .withHint("Use --env-set NAME=value (or env.set in the policy file).");
            }
            SandboxedCommand sandboxed = ctx.service(Sandboxes.class).prepare(PolicyParams.request(args, ctx),
                    program, args.has("cwd") ? cwd : null, ctx.env());
            request = new OpenRequest(sandboxed.programArgv(), Map.of(), Map.of(), sandboxed.programCwd(), size[0], size[1],
                    name, sandboxed);
        } else {
            // The caller's environment (plus its private desktop's, cookie included, when DISPLAY names one)
            request = new OpenRequest(program, PrivateDesktops.withDesktop(ctx.env()), env, cwd,
                    size[0], size[1], name);
        }
        WaitCondition readyWhen = TermArgs.screenCondition(args);
        Readiness readiness = new Readiness(readyWhen, TermArgs.millis(args, "timeout"));
        OpenResult opened = ctx.service(TerminalSessions.class).open(request, SettlePolicy.STARTUP, readiness, ctx.cancellation());
        String id = opened.sessionId();
        String ran = String.join(" ", opened.argv());
        List<String> warnings = new ArrayList<>();
        AgentHints hints;
        if (opened.exit() == null) {
            hints = AgentHints.summary("session " + id + " runs " + ran)
                    .withSuggestedAction("uictl term keys " + id + " Enter");
        } else {
            // input to it would be PROCESS_EXIT: what is left to do is read what it wrote
            hints = AgentHints.summary("session " + id + " ran " + ran + ", which has already ended ("
                    + opened.exit() + ")").withSuggestedAction("uictl term transcript " + id);
            warnings.add("the program has already ended (" + opened.exit() + ") and takes no input: read its output "
                    + "with `uictl term transcript " + id + "`, then `uictl term close " + id + "`");
        }
        if (opened.ready() && !opened.settled() && opened.exit() == null) {
            warnings.add(TermArgs.unsettled(id, opened.unsettled()));
        }
        if (!opened.ready()) {
            warnings.add("the program drew nothing within the timeout and may still be starting: input sent now can "
                    + "be lost; wait with `uictl term wait " + opened.sessionId() + " --text …`");
        }
        if (!"daemon".equals(ctx.service(RuntimeInfo.class).mode())) {
            // --no-daemon: the session belongs to this process and ends with it.
            warnings.add("not running in the daemon: the session ends when this process exits; "
                    + "drop --no-daemon to keep sessions between calls");
        }
        hints = hints.withWarnings(warnings);
        return Result.of(opened, hints);
    }
}
