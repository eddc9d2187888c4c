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
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.input.KeyCombo;
import dev.uictl.engine.desktop.input.KeyResult;

public final class PressCommand implements Command {
    static final OutputType KEYS = new OutputType("key-action", KeyResult.class, "Keys pressed, released or held");

    static final CommandSpec SPEC = CommandSpec.builder("press", Category.INPUT)
            .summary("Press a key or combo: ctrl+shift+t, enter, f5, super, ctrl++ (keys released in reverse order)")
            .description("Key names: X keysym names (Return, BackSpace, Prior, XF86AudioMute), aliases (enter, "
                    + "esc, pgup, ctrl, alt, super/win/meta), any single character, 0xKEYSYM or U+hex as U20AC.")
            .param(ParamSpec.positional("combo", ParamType.STRING, "Keys joined by '+'"))
            .output(KEYS)
            .example("press enter", "Press Return")
            .example("press ctrl+shift+t", "Press Ctrl+Shift+T")
            .example("press f5", "Press F5")
            .errors(InputParams.DESKTOP_ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return Result.of(ctx.service(InputInjection.class).press(ctx, "press", KeyCombo.parse(args.string("combo"))));
    }
}
