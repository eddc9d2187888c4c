package dev.uictl.commands.term;

import dev.uictl.core.error.Delivery;
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
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.engine.terminal.WaitCondition;
import dev.uictl.engine.terminal.WaitResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public final class TermWaitCommand implements Command {
    private static final Pattern CURSOR = Pattern.compile("(\\d+),(\\d+)");

    static final CommandSpec SPEC = CommandSpec.builder("term wait", Category.TERMINAL)
            .summary("Wait until the screen shows a text or pattern, the cursor arrives, output goes idle or the "
                    + "program exits")
            .description("Exactly one condition. After `term wait`, --text is this option, not the global text-format "
                    + "switch (put that before the command: `uictl --text term wait …`). It is re-checked on every "
                    + "output of the program, never by polling. "
                    + "If the program ends first, the wait fails with PROCESS_EXIT (except --exit and --idle).")
            .param(TermArgs.SESSION)
            .param(ParamSpec.option("text", ParamType.STRING, "Text that must appear on the screen (rows are "
                    + "padded with blanks to their full width, so a prompt's trailing space counts)"))
            .param(ParamSpec.option("regex", ParamType.STRING, "Java regular expression (MULTILINE) matched against "
                    + "the rows joined by newlines, padded to their full width and also trimmed"))
            .param(ParamSpec.option("cursor", ParamType.STRING, "Cursor position ROW,COL (0-based)"))
            .param(ParamSpec.flag("exit", "Wait for the program to exit"))
            .param(ParamSpec.option("idle", ParamType.INTEGER, "Wait until the program wrote nothing for this many ms"))
            .param(ParamSpec.option("gone", ParamType.STRING, "Text that must disappear from the screen"))
            .param(ParamSpec.option("timeout", ParamType.INTEGER, "Give up after this many ms").defaultsTo("10000"))
            .output(new OutputType("term-waited", WaitResult.class, "A satisfied wait and the screen that satisfied it"))
            .example("term wait demo --text hello --timeout 5000", "Until 'hello' is on the screen")
            .example("term wait demo --regex 'bash-[0-9.]+[$#]'", "Until bash's default prompt is shown")
            .example("term wait demo --idle 200", "Until the program has been quiet for 200 ms")
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
        Duration timeout = TermArgs.millis(args, "timeout", 0, 3_600_000);
        return Result.of(ctx.service(TerminalSessions.class).find(args.string("session")).await(condition, timeout));
    }

    private static WaitCondition condition(Args args) {
        List<WaitCondition> given = new ArrayList<>();
        if (args.has("text")) {
            given.add(new WaitCondition.Text(args.string("text")));
        }
        if (args.has("regex")) {
            try {
                given.add(new WaitCondition.Regex(Pattern.compile(args.string("regex"), Pattern.MULTILINE)));
            } catch (PatternSyntaxException e) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "--regex is not a valid regular expression: "
                        + e.getDescription()).withDetail("regex", args.string("regex")).withHint("Escape special "
                        + "characters, e.g. `--regex '\\$ $'`.");
            }
        }
        if (args.has("cursor")) {
            Matcher m = CURSOR.matcher(args.string("cursor").trim());
            if (!m.matches()) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "--cursor must be ROW,COL, got '" + args.string("cursor") + "'")
                        .withHint("Write it like `--cursor 0,2` (0-based).");
            }
            given.add(new WaitCondition.CursorAt(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
        }
        if (args.flag("exit")) {
            given.add(new WaitCondition.Exited());
        }
        if (args.has("idle")) {
            given.add(new WaitCondition.Idle(TermArgs.millis(args, "idle", 1, 3_600_000)));
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
