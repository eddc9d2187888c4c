package dev.uictl.commands.element;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.a11y.ElementTarget;
import dev.uictl.engine.desktop.element.ElementAction;
import dev.uictl.engine.desktop.element.ElementActionResult;
import dev.uictl.engine.desktop.element.ElementActionService;
import dev.uictl.engine.desktop.element.ElementCall;
import java.util.ArrayList;
import java.util.List;

public final class FillCommand implements Command {
    /** More fields than any form has; each one is its own bounded action. */
    static final int MAX_FIELDS = 100;

    static final CommandSpec SPEC = ElementParams.specWithTarget("fill", "Replace a field's whole text with VALUE and verify it "
                            + "reads back (a password field cannot be read); or fill several fields and submit",
                    ElementParams.TARGET.asOptional(),
                    ParamSpec.positional("value", ParamType.STRING, "the new text").asOptional(),
                    ParamSpec.option("field", ParamType.STRING_LIST, "LABEL=VALUE or REF=VALUE (repeatable): the "
                            + "field LABEL names (label=LABEL: the field of that name, else the one right of or below a "
                            + "label of that text), or the element REF (@e3), is set to VALUE (text, a number for "
                            + "sliders and spin buttons, an item for combo boxes)"),
                    ParamSpec.option("submit", ParamType.STRING, "after the fields, click this button: its name "
                            + "(role=button name=TEXT) or an element target"),
                    ParamSpec.option("window", ParamType.STRING, "scope --field labels and --submit to this window "
                            + "selector (WINDOW >> label=LABEL)"))
            .example("fill 'role=textfield name=\"Name field\"' Alice", "Set the name field to Alice")
            .example("fill --field 'Name field=Ada' --field Quantity=4 --submit 'Press me' --window title~=Fixture",
                    "Fill two fields by their labels, then click Press me")
            .example("fill --field @e2=Ada --field @e5=beta", "Fill fields by ref")
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        boolean form = args.has("field") || args.has("submit");
        if (!form) {
            if (!args.has("target") || !args.has("value")) {
                throw UictlException.of(ErrorCode.MISSING_REQUIRED, "give TARGET VALUE, or --field LABEL=VALUE")
                        .withHint("Run `uictl fill @e2 'Ada'` or `uictl fill --field 'Name=Ada' --submit OK`.");
            }
            return ElementParams.run(args, ctx, ElementAction.FILL, args.string("value"));
        }
        if (args.has("target") || args.has("value")) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "give TARGET VALUE or --field/--submit, not both")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        if (args.has("wait-for") || args.has("wait-for-gone")) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--wait-for applies to one action; after a form, run "
                    + "`uictl wait element`").withDelivery(Delivery.NOT_DELIVERED);
        }
        String window = args.stringOr("window", null);
        List<String> fields = args.has("field") ? args.list("field") : List.of();
        if (fields.size() > MAX_FIELDS) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, fields.size() + " fields; at most " + MAX_FIELDS
                    + " in one call").withDelivery(Delivery.NOT_DELIVERED);
        }
        List<ElementCall> steps = new ArrayList<>();
        for (String field : fields) {
            String[] tv = field(field, window);
            steps.add(ElementParams.call(args, ElementAction.SET_VALUE, tv[0], tv[1]));
        }
        if (args.has("submit")) {
            steps.add(ElementParams.call(args, ElementAction.CLICK, submitTarget(args.string("submit"), window), null));
        }
        ElementActionResult r = ctx.service(ElementActionService.class).fillForm(ctx, steps);
        return Result.of(r, ElementParams.summary(r));
    }

    /** {@code LABEL=VALUE} or {@code REF=VALUE} as an element target and the value. */
    static String[] field(String field, String window) {
        int eq = field.indexOf('=');
        if (eq <= 0) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--field '" + field + "' is not LABEL=VALUE or REF=VALUE")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        String left = field.substring(0, eq).strip();
        String value = field.substring(eq + 1);
        if (ElementTarget.REF.matcher(left).matches()) {
            return new String[] {left, value};
        }
        return new String[] {scoped(window, "label=" + quoted(left)), value};
    }

    static String submitTarget(String submit, String window) {
        if (ElementTarget.namesElement(submit)) {
            return submit.contains(">>") || window == null || ElementTarget.REF.matcher(submit.strip()).matches()
                    ? submit : scoped(window, submit);
        }
        return scoped(window, "role=button name=" + quoted(submit));
    }

    private static String scoped(String window, String query) {
        return window == null ? query : window + " >> " + query;
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
