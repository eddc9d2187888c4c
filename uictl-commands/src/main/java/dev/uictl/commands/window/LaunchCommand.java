package dev.uictl.commands.window;

import dev.uictl.commands.ProgramWords;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.envelope.AgentHints;
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
import dev.uictl.engine.desktop.service.DesktopService;

import dev.uictl.engine.desktop.model.LaunchResult;

public final class LaunchCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("launch", Category.DESKTOP)
            .summary("Start a program on the desktop; optionally wait for its window")
            .description("The program runs in the caller's directory and environment (DISPLAY included) with its "
                    + "output discarded; uictl reaps it when it exits. Put `--` before a command that has its own "
                    + "options. --wait-window waits for a new window of the program (or of its children); "
                    + "--wait-window SEL waits for a new window matching the selector instead (a selector of the "
                    + "form key=value or @ref; a bare word needs --wait-window=WORD).")
            .param(ParamSpec.positional("command", ParamType.STRING_LIST, "Program and its arguments"))
            .param(ParamSpec.option("wait-window", ParamType.STRING,
                    "Wait for a new window of the program, or for one matching this selector").withOptionalValue())
            .param(WindowParams.TIMEOUT).param(WindowParams.POLL_MS)
            .output(new OutputType("launch", LaunchResult.class, "A started program"))
            .example("launch xterm --wait-window", "Start xterm and wait for its window")
            .example("launch --wait-window class=xterm -- xterm -T hello", "Start xterm with a title, wait for it")
            .errors(ErrorCode.MISSING_REQUIRED, ErrorCode.APP_NOT_FOUND, ErrorCode.PROCESS_EXIT, ErrorCode.TIMEOUT,
                    ErrorCode.SELECTOR_INVALID, ErrorCode.INVALID_ARGS)
            .errors(WindowParams.DISPLAY_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        LaunchResult r = ctx.service(DesktopService.class).apps().launch(ctx,
                ProgramWords.of(args, "launch", "uictl launch xterm"),
                args.has("wait-window"), selector(args), args.integer("timeout"),
                args.integer("poll-ms"));
        return Result.of(r, AgentHints.summary("pid " + r.pid() + (r.window() == null ? ""
                : ", window @" + r.window().refId() + " \"" + r.window().title() + "\"")));
    }

    private static String selector(Args args) {
        String value = args.stringOr("wait-window", "");
        return value.isEmpty() ? null : value;
    }
}
