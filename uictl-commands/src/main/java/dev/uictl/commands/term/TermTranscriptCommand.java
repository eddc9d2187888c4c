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
import dev.uictl.engine.terminal.TerminalSession;
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.engine.terminal.TranscriptResult;
import dev.uictl.engine.terminal.TranscriptWindow;
import java.nio.file.Path;

public final class TermTranscriptCommand implements Command {
    /** An offset no session reaches (a petabyte of output); a bound at the edge, as every number has. */
    private static final long MAX_OFFSET = 1L << 50;

    static final CommandSpec SPEC = CommandSpec.builder("term transcript", Category.TERMINAL)
            .summary("Return or save what the program wrote, raw (escape sequences included), a page at a time")
            .description("The newest 8 MiB are kept per session. Offsets count every byte the program ever wrote: an "
                    + "answer gives from, end and total, and more when the output asked for goes on past end. Without "
                    + "--since or --tail the answer holds the newest output; each answer holds at most --max-bytes, "
                    + "cut where a UTF-8 character ends; read on with --since END. --output writes the whole selection "
                    + "(all that is kept by default) as raw bytes, atomically with mode 0600.")
            .param(TermArgs.SESSION)
            .param(ParamSpec.option("output", ParamType.PATH, "Write the raw bytes to this file instead (no page limit)"))
            .param(ParamSpec.option("since", ParamType.INTEGER, "Output from this offset on (the end of an earlier "
                    + "answer); bytes no longer kept are counted in lost_bytes").between(0, MAX_OFFSET))
            .param(ParamSpec.option("tail", ParamType.INTEGER, "The last BYTES of output (at most what is kept)")
                    .between(1, TerminalSession.TRANSCRIPT_LIMIT))
            .param(ParamSpec.option("max-bytes", ParamType.INTEGER, "The most bytes one answer holds")
                    .defaultsTo(String.valueOf(TranscriptWindow.DEFAULT_MAX_BYTES)).between(1, 8 * 1024 * 1024))
            .output(new OutputType("term-transcript", TranscriptResult.class, "The raw output of a session"))
            .example("term transcript demo", "The newest output as (UTF-8 decoded) text, at most 64 KiB")
            .example("term transcript demo --since 0 --max-bytes 4096", "The oldest output kept, 4 KiB at a time: "
                    + "read on with --since END")
            .example("term transcript demo --tail 2000", "The last 2000 bytes")
            .example("term transcript demo --output /tmp/demo.log", "Save the raw bytes to a file")
            .errors(ErrorCode.SESSION_NOT_FOUND, ErrorCode.IO_ERROR)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        if (args.has("since") && args.has("tail")) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "pass --since or --tail, not both")
                    .withHint("E.g. `uictl term transcript demo --tail 2000`.").withDelivery(Delivery.NOT_DELIVERED);
        }
        Path output = args.has("output") ? ctx.cwd().resolve(args.string("output")) : null;
        TranscriptWindow window = new TranscriptWindow(args.integerOrNull("since"), args.integerOrNull("tail"),
                (int) args.integer("max-bytes"));
        return Result.of(ctx.service(TerminalSessions.class).transcript(args.string("session"), window, output));
    }
}
