package dev.uictl.commands.input;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.input.KeyCombo;

public final class KeyDownCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("key-down", Category.INPUT)
            .summary("Press and hold a key (or combo) until key-up or until this client disconnects")
            .description("The daemon holds the key for the life of the client connection: use it inside "
                    + "`batch` or `serve --stdio` to hold a key across commands; a one-shot CLI call releases it "
                    + "when it exits.")
            .param(ParamSpec.positional("key", ParamType.STRING, "Key or combo, e.g. shift or ctrl+alt"))
            .output(PressCommand.KEYS)
            .example("key-down shift", "Hold Shift")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(InputInjection.class).keyDown(ctx, KeyCombo.parse(args.string("key"))));
    }
}
