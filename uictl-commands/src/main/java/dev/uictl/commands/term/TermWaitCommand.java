package dev.uictl.commands.term;

import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.pattern.UserPattern;
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
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.engine.terminal.WaitCondition;
import dev.uictl.engine.terminal.WaitResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class TermWaitCommand implements Command {
    /** ROW,COL within the largest terminal (1000x1000, see TermArgs.size). */
    private static final Pattern CURSOR = Pattern.compile("(\\d{1,3}),(\\d{1,3})");
    private static final long MAX_WAIT_MS = 3_600_000;

    static final CommandSpec SPEC = CommandSpec.builder("term wait", Category.TERMINAL)
            .summary("Wait until the screen shows a text or pattern, the cursor arrives, output goes idle or the "
                    + "program exits")
            .description("Exactly one condition. --since SNAPSHOT_ID makes --text/--regex ignore rows that were "
                    + "already on that screen (a row counts as new when more rows show its text than then). After `term wait`, --text is this option, not the global text-format "
                    + "switch (put that before the command: `uictl --text term wait …`). It is re-checked on every "
                    + "output of the program, never by polling. "
                    + "If the program ends first, the wait fails with PROCESS_EXIT (except --exit and --idle). A met "
                    + "condition is answered with the screen once it settled after the match (output quiet while the "
                    + "program waits for input), within --timeout; settled:false and unsettled say when it did not.")
            .param(TermArgs.SESSION)
            .param(ParamSpec.option("text", ParamType.STRING, "Text that must appear on the screen (rows are "
                    + "padded with blanks to their full width, so a prompt's trailing space counts)"))
            .param(ParamSpec.option("regex", ParamType.STRING, "RE2 regular expression (MULTILINE; no backreferences or lookaround; at most "
                    + UserPattern.MAX_LENGTH + " characters) matched against the rows joined by newlines, padded to their "
                    + "full width and also trimmed"))
            .param(ParamSpec.option("cursor", ParamType.STRING, "Cursor position ROW,COL (0-based)"))
            .param(ParamSpec.flag("exit", "Wait for the program to exit"))
            .param(ParamSpec.option("idle", ParamType.INTEGER, "Wait until the program wrote nothing for this many ms "
                    + "and waits for input (blocked reading its terminal, nothing unread); a TIMEOUT names the reason "
                    + "(program_busy, program_waiting) in details")
                    .between(1, MAX_WAIT_MS))
            .param(ParamSpec.option("gone", ParamType.STRING, "Text that must disappear from the screen"))
            .param(ParamSpec.option("timeout", ParamType.INTEGER, "Give up after this many ms").defaultsTo("10000")
                    .between(0, MAX_WAIT_MS))
            .param(ParamSpec.option("since", ParamType.STRING, "With --text or --regex: only count rows that are new "
                    + "since this snapshot_id (one of the session's recent results), not text already shown then; "
                    + "with --diff: the screen to compare with"))
            .param(ParamSpec.flag("diff", "Return only what changed since the --since screen, or else the screen "
                    + "when the wait began, as diff in place of screen"))
            .output(new OutputType("term-waited", WaitResult.class, "A satisfied wait and the screen that satisfied it"))
            .example("term wait demo --text hello --timeout 5000", "Until 'hello' is on the screen")
            .example("term wait demo --regex 'bash-[0-9.]+[$#]'", "Until bash's default prompt is shown")
            .example("term wait demo --idle 200", "Until the program has been quiet for 200 ms, waiting for input")
            .example("term wait demo --idle 200 --diff", "Until quiet, answering with the rows that changed meanwhile")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.TIMEOUT, ErrorCode.PROCESS_EXIT)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        WaitCondition condition = condition(args);
        Duration timeout = TermArgs.millis(args, "timeout");
        String since = args.has("since") ? args.string("since") : null;
        boolean diff = args.flag("diff");
        if (since != null && !diff
                && !(condition instanceof WaitCondition.Text || condition instanceof WaitCondition.Regex)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--since goes with --text, --regex or --diff, not "
                    + condition.describe()).withHint("E.g. `uictl term wait t1 --text done --since t1.57`.")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        WaitResult result = ctx.service(TerminalSessions.class).find(args.string("session"))
                .await(condition, timeout, since, ctx.cancellation());
        WaitResult answer = diff ? result.asDiff() : result;
        if (result.settled()) {
            return Result.of(answer);
        }
        String warning = TermArgs.unsettled(result.sessionId(), result.unsettled());
        return Result.of(answer, AgentHints.summary(result.condition() + " met in " + result.sessionId() + "; "
                + warning).withWarnings(List.of(warning)));
    }

    /**
     * A screen pattern given as {@code --OPTION} (this command's --regex, and --wait-regex of term open, type and
     * keys) as a wait condition: every screen pattern is compiled here, through the bounded {@link UserPattern}.
     */
    static WaitCondition.Regex regex(String pattern, String option) {
        try {
            return new WaitCondition.Regex(UserPattern.compile(pattern, true));
        } catch (UserPattern.Rejected e) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--" + option + " is refused: " + e.getMessage())
                    .withDetail(option, pattern.length() > 200 ? pattern.substring(0, 200) + "…" : pattern)
                    .withDetail("limits", UserPattern.limits())
                    .withHint("Escape special characters, e.g. `--" + option + " '\\$ $'`.")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
    }

    private static WaitCondition condition(Args args) {
        List<WaitCondition> given = new ArrayList<>();
        if (args.has("text")) {
            given.add(new WaitCondition.Text(args.string("text")));
        }
        if (args.has("regex")) {
            given.add(regex(args.string("regex"), "regex"));
        }
        if (args.has("cursor")) {
            Matcher m = CURSOR.matcher(args.string("cursor").trim());
            if (!m.matches()) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "--cursor must be ROW,COL with 0..999 each, got '"
                        + args.string("cursor") + "'")
                        .withHint("Write it like `--cursor 0,2` (0-based).");
            }
            given.add(new WaitCondition.CursorAt(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
        }
        if (args.flag("exit")) {
            given.add(new WaitCondition.Exited());
        }
        if (args.has("idle")) {
            given.add(new WaitCondition.Idle(TermArgs.millis(args, "idle")));
        }
        if (args.has("gone")) {
            given.add(new WaitCondition.Gone(args.string("gone")));
        }
        if (given.size() != 1) {
            throw UictlException.of(given.isEmpty() ? ErrorCode.MISSING_REQUIRED : ErrorCode.INVALID_ARGS,
                            "term wait needs exactly one of --text, --regex, --cursor, --exit, --idle, --gone; got "
                                    + given.size())
                    .withHint("E.g. `uictl term wait t1 --text ready`.").withDelivery(Delivery.NOT_DELIVERED);
        }
        return given.getFirst();
    }
}
