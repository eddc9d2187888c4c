package dev.uictl.commands.input;

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
import dev.uictl.core.registry.Range;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.input.TypeResult;

public final class TypeCommand implements Command {
    /** The longest text one call types (1 MiB of UTF-16 units). */
    static final int MAX_CHARS = 1 << 20;

    static final CommandSpec SPEC = CommandSpec.builder("type", Category.INPUT)
            .summary("Type text into the focused window; any Unicode (missing keysyms go through spare keycodes)")
            .description("Newline types Return and tab types Tab. Keys that are not text (ctrl+c, f5) are sent "
                    + "with `press`. At most " + MAX_CHARS + " characters; long text is sent in chunks, each "
                    + "confirmed by the X server, so other commands keep working meanwhile.")
            .param(ParamSpec.positional("text", ParamType.STRING, "The text to type"))
            .param(ParamSpec.option("delay", ParamType.INTEGER, "Pause between characters in ms").defaultsTo("0")
                    .between(0, 10_000))
            .param(ParamSpec.option("timeout", ParamType.INTEGER, "Give up after this many ms (default: 10 s plus "
                    + "2 ms and the delay per character); what was typed by then stays typed")
                    .within(Range.TIMEOUT_MS))
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
        String text = args.string("text");
        if (text.length() > MAX_CHARS) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the text has " + text.length() + " characters; at most "
                            + MAX_CHARS + " are typed in one call").withDetail("limit", MAX_CHARS)
                    .withDetail("chars", text.length()).withHint("Split the text over several `uictl type` calls.")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        long delay = args.integerOr("delay", 0);
        long timeout = args.integerOr("timeout", InputInjection.defaultTypeTimeoutMs(text.length(), delay));
        return Result.of(ctx.service(InputInjection.class).type(ctx, text, delay, timeout));
    }
}
