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

public final class HotkeyCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("hotkey", Category.INPUT)
            .summary("Press keys together, one per argument (deskctl form): hotkey ctrl shift t")
            .param(ParamSpec.positional("keys", ParamType.STRING_LIST, "Keys, pressed in order, released in reverse"))
            .output(PressCommand.KEYS)
            .example("hotkey ctrl shift t", "Same as press ctrl+shift+t")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(InputInjection.class).press(ctx, "hotkey", KeyCombo.of(args.list("keys"))));
    }
}
