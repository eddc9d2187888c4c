package dev.uictl.commands.input;

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
import dev.uictl.engine.desktop.input.InputService;
import dev.uictl.engine.desktop.input.TypeResult;

public final class TypeCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("type", Category.INPUT)
            .summary("Type text into the focused window; any Unicode (missing keysyms go through spare keycodes)")
            .description("Newline types Return and tab types Tab. Keys that are not text (ctrl+c, f5) are sent "
                    + "with `press`.")
            .param(ParamSpec.positional("text", ParamType.STRING, "The text to type"))
            .param(ParamSpec.option("delay", ParamType.INTEGER, "Pause between characters in ms").defaultsTo("0"))
            .output(new OutputType("typed", TypeResult.class, "Text typed into the focused window"))
            .example("type hello", "Type 'hello' into the focused window")
            .example("type héllo-wörld-✓ --delay 5", "Unicode, with 5 ms between characters")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(InputService.class).type(ctx, args.string("text"), args.integerOr("delay", 0)));
    }
}
