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
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.engine.terminal.TranscriptResult;
import java.nio.file.Path;

public final class TermTranscriptCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("term transcript", Category.TERMINAL)
            .summary("Return or save everything the program wrote, raw (escape sequences included)")
            .description("The newest 8 MiB are kept per session. --output writes the raw bytes atomically with mode 0600.")
            .param(TermArgs.SESSION)
            .param(ParamSpec.option("output", ParamType.PATH, "Write the raw bytes to this file instead"))
            .output(new OutputType("term-transcript", TranscriptResult.class, "The raw output of a session"))
            .example("term transcript demo", "The output as (UTF-8 decoded) text")
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
        Path output = args.has("output") ? ctx.cwd().resolve(args.string("output")) : null;
        return Result.of(ctx.service(TerminalSessions.class).transcript(args.string("session"), output));
    }
}
