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

public final class KeyUpCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("key-up", Category.INPUT)
            .summary("Release a key (or combo, in reverse order)")
            .param(ParamSpec.positional("key", ParamType.STRING, "Key or combo, e.g. shift"))
            .output(PressCommand.KEYS)
            .example("key-up shift", "Release Shift")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(InputInjection.class).keyUp(ctx, KeyCombo.parse(args.string("key"))));
    }
}
