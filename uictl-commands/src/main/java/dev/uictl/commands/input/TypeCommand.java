package dev.uictl.commands.input;

import dev.uictl.commands.element.ElementParams;
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
import dev.uictl.engine.desktop.element.ElementAction;
import dev.uictl.engine.desktop.element.ElementActionResult;
import java.util.List;

public final class TypeCommand implements Command {
    /** The longest text one call types (1 MiB of UTF-16 units). */
    static final int MAX_CHARS = 1 << 20;

    static final CommandSpec SPEC = CommandSpec.builder("type", Category.INPUT)
            .summary("Type text into the focused window, or into an element (type TARGET TEXT); any Unicode")
            .description("Newline types Return and tab types Tab. Keys that are not text (ctrl+c, f5) are sent "
                    + "with `press`. At most " + MAX_CHARS + " characters; long text is sent in chunks, each "
                    + "confirmed by the X server, so other commands keep working meanwhile. With an element "
                    + "target (type @e3 TEXT) the text is inserted at the end of the element's text once it is "
                    + "actionable (EditableText), else typed after clicking it, and read back.")
            .param(ParamSpec.positional("target", ParamType.STRING, "With TEXT: the element to type into (@e3, "
                    + "role=textfield name=Name); alone: the text to type into the focused window").asOptional())
            .param(ParamSpec.positional("text", ParamType.STRING, "The text to type (after an element target)").asOptional())
            .param(ParamSpec.option("delay", ParamType.INTEGER, "Pause between characters in ms").defaultsTo("0")
                    .between(0, 10_000))
            .param(ParamSpec.option("timeout", ParamType.INTEGER, "Give up after this many ms (default: 10 s plus "
                    + "2 ms and the delay per character); what was typed by then stays typed")
                    .within(Range.TIMEOUT_MS))
            .output(new OutputType("typed", TypeResult.class, "Text typed into the focused window"))
            .example("type hello", "Type 'hello' into the focused window")
            .example("type héllo-wörld-✓ --delay 5", "Unicode, with 5 ms between characters")
            .example("type @e2 ' and more'", "Append to the text of element e2 and verify it reads back")
            .param(ElementParams.SEMANTIC_ONLY)
            .param(ElementParams.PHYSICAL)
            .param(ElementParams.WAIT_FOR)
            .param(ElementParams.WAIT_FOR_GONE)
            .param(ElementParams.WAIT_TIMEOUT)
            .errors(InputParams.DESKTOP_ERRORS)
            .errors(ElementParams.ERRORS)
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        // one positional is the text (type TEXT); two are an element and the text (type TARGET TEXT)
        String target = args.has("text") ? args.stringOr("target", null) : null;
        String text = args.has("text") ? args.string("text") : args.stringOr("target", null);
        if (text == null) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "no text to type").withDetail("param", "text")
                    .withHint("Run `uictl type 'hello'`, or `uictl type @e3 'hello'` for an element.");
        }
        if (text.length() > MAX_CHARS) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the text has " + text.length() + " characters; at most "
                            + MAX_CHARS + " are typed in one call").withDetail("limit", MAX_CHARS)
                    .withDetail("chars", text.length()).withHint("Split the text over several `uictl type` calls.")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        long delay = args.integerOr("delay", 0);
        long timeout = args.integerOr("timeout", InputInjection.defaultTypeTimeoutMs(text.length(), delay));
        if (target != null) {
            return intoElement(args, ctx, target, text, timeout);
        }
        return Result.of(ctx.service(InputInjection.class).type(ctx, text, delay, timeout));
    }

    private static Result intoElement(Args args, CommandContext ctx, String target, String text, long timeout) {
        if (args.integerOr("delay", 0) != 0) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--delay applies to typing into the focused window")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        ElementActionResult r = ElementParams.perform(args, ctx, ElementAction.TYPE, target, text,
                Math.min(timeout, 120_000));
        TypeResult typed = new TypeResult(text, (int) text.codePoints().count(), List.of(), 0, r.delivery(), r);
        return Result.of(typed, ElementParams.summary(r));
    }
}
