package dev.uictl.commands.term;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.terminal.ActionResult;
import dev.uictl.engine.terminal.AfterInput;
import dev.uictl.engine.terminal.SettlePolicy;
import dev.uictl.engine.terminal.WaitCondition;
import java.util.ArrayList;
import java.util.List;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parameters and parsing shared by the term commands. */
final class TermArgs {
    static final ParamSpec SESSION = ParamSpec.positional("session", ParamType.STRING,
            "Session id (t1, t2, …) or the --name given to `term open`");
    static final ParamSpec SETTLE_MAX = ParamSpec.option("settle-max", ParamType.INTEGER,
            "Longest wait, in ms, for the screen to settle after the input (output quiet while the program waits "
                    + "for input; a program still running or waiting elsewhere is answered settled:false)")
            .defaultsTo("2000")
            .between(1, 600_000);
    static final ParamSpec WAIT_TEXT = ParamSpec.option("wait-text", ParamType.STRING,
            "Then wait until this text appears in output newer than the input (rows padded like term wait --text), "
                    + "and answer the screen once it settled after that");
    static final ParamSpec WAIT_REGEX = ParamSpec.option("wait-regex", ParamType.STRING,
            "Then wait until this pattern matches output newer than the input (like term wait --regex), and answer "
                    + "the screen once it settled after that");
    static final ParamSpec WAIT_TIMEOUT = ParamSpec.option("timeout", ParamType.INTEGER,
            "Longest wait, in ms, for --wait-text/--wait-regex").defaultsTo("10000").between(0, 3_600_000);
    static final ParamSpec DIFF = ParamSpec.flag("diff", "Return only what changed since the screen before the input "
            + "(rows by text; cursor, size, title, modes when changed) as diff, in place of screen");
    static final ParamSpec PROGRAM = ParamSpec.positional("command", ParamType.STRING_LIST,
            "The program and its arguments, after --");
    private static final Pattern SIZE = Pattern.compile("(\\d{1,5})x(\\d{1,5})");

    private TermArgs() {
    }

    /** {@code ROWSxCOLS}, e.g. {@code 24x80}. */
    static int[] size(String text, String param) {
        Matcher m = SIZE.matcher(text.trim());
        if (m.matches()) {
            int rows = Integer.parseInt(m.group(1));
            int cols = Integer.parseInt(m.group(2));
            if (rows >= 2 && cols >= 2 && rows <= 1000 && cols <= 1000) {
                return new int[] {rows, cols};
            }
        }
        throw UictlException.of(ErrorCode.INVALID_ARGS, param + " must be ROWSxCOLS with 2..1000 each, got '" + text + "'")
                .withHint("Write it like `24x80` or `40x120`.").withDetail("value", text)
                .withDelivery(Delivery.NOT_DELIVERED);
    }

    /** --wait-text or --wait-regex as a condition, null when neither is given. */
    static WaitCondition screenCondition(Args args) {
        if (args.has(WAIT_TEXT.name()) && args.has(WAIT_REGEX.name())) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "give --wait-text or --wait-regex, not both")
                    .withHint("Keep one of them.").withDelivery(Delivery.NOT_DELIVERED);
        }
        if (args.has(WAIT_TEXT.name())) {
            return new WaitCondition.Text(args.string(WAIT_TEXT.name()));
        }
        return args.has(WAIT_REGEX.name()) ? TermWaitCommand.regex(args.string(WAIT_REGEX.name()), WAIT_REGEX.name()) : null;
    }

    /** The follow-up wait of an input command, null without --wait-text/--wait-regex. */
    static AfterInput afterInput(Args args) {
        WaitCondition condition = screenCondition(args);
        return condition == null ? null : new AfterInput(condition, millis(args, WAIT_TIMEOUT.name()));
    }

    /**
     * An input action's result (as a diff with --diff), with a warning when the screen did not change (input is never
     * lost silently).
     */
    static Result action(ActionResult full, Args args) {
        ActionResult result = args.flag(DIFF.name()) ? full.asDiff() : full;
        List<String> warnings = new ArrayList<>();
        if (result.input() != null && result.input().warning() != null) {
            warnings.add(result.input().warning());
        }
        if (!result.settled()) {
            warnings.add(unsettled(result.sessionId(), result.unsettled()));
        }
        return warnings.isEmpty() ? Result.of(result) : Result.of(result,
                AgentHints.summary(result.action() + " sent to " + result.sessionId() + "; " + warnings.getFirst())
                        .withWarnings(warnings));
    }

    /** The warning of a screen that did not settle: why, and how to wait for it. */
    static String unsettled(String session, String reason) {
        String why = switch (reason) {
            case "program_busy" -> "the program is still running (not waiting for input)";
            case "program_waiting" -> "the program is waiting on something other than its terminal";
            case "input_not_read" -> "the program has not read the keys yet";
            default -> "the program's output is still changing";
        };
        return "not settled: " + why + ", so the screen may change; wait with `uictl term wait " + session
                + " --idle 200`";
    }

    static SettlePolicy settle(Args args) {
        return SettlePolicy.ACTION.withMax(millis(args, SETTLE_MAX.name()));
    }

    /** A millisecond option, its range checked at the edge (ParamValues) like every declared range. */
    static Duration millis(Args args, String name) {
        return Duration.ofMillis(args.integer(name));
    }
}
