package dev.uictl.commands.input;

import dev.uictl.commands.element.ElementParams;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.a11y.ElementTarget;
import dev.uictl.engine.desktop.element.ElementAction;
import dev.uictl.engine.desktop.element.ElementActionResult;
import dev.uictl.engine.desktop.input.MouseButton;
import dev.uictl.engine.desktop.input.Point;
import dev.uictl.engine.desktop.input.PointerResult;
import dev.uictl.engine.desktop.model.PointerPosition;
import dev.uictl.engine.desktop.service.DesktopService;
import java.util.List;

/**
 * click and dblclick on an element ref or query: the element action chain (auto-wait, semantic first, the
 * physical fallback at the uncovered centre with the window raised), reported in the pointer-action shape with
 * the element action inside.
 */
final class ElementInput {
    static final String TARGET_HELP = "x,y in screen coordinates, a window selector (@w2, title~=Editor), or an "
            + "element ref or query (@e3, role=button name=Save, WINDOW >> QUERY)";

    private ElementInput() {
    }

    static boolean isElement(String target) {
        return ElementTarget.namesElement(target);
    }

    static Result click(Args args, CommandContext ctx, String action, int count) {
        if (args.has("modifiers")) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--modifiers apply to clicks at a point or on a window; "
                            + "an element is clicked through its accessible action or a plain click")
                    .withHint("Hold the keys with `uictl key-down ctrl`, click the element, then `uictl key-up ctrl`.")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        MouseButton button = InputParams.button(args);
        ElementAction element = switch (button) {
            case LEFT -> switch (count) {
                case 1 -> ElementAction.CLICK;
                case 2 -> ElementAction.DOUBLE_CLICK;
                case 3 -> ElementAction.TRIPLE_CLICK;
                default -> null;
            };
            case RIGHT -> count == 1 ? ElementAction.RIGHT_CLICK : null;
            default -> null;
        };
        if (element == null) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "an element takes a left click (--count 1, 2 or 3) or a "
                    + "single right click; got " + button.wireName() + " x" + count)
                    .withHint("Click its centre instead: `uictl get '" + args.string("target").replace("'", "'\\''") + "'"
                            + " --property bounds`, then `uictl click X,Y`.")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        ElementActionResult r = ElementParams.perform(args, ctx, element, args.string("target"), null, 5000);
        // where the click was aimed, the element's centre: a semantic click leaves the pointer where it was
        Point at = r.bounds() != null ? r.bounds().centre() : pointer(ctx);
        PointerResult result = new PointerResult(action, at.x(), at.y(), button.wireName(), button.number(), count,
                List.of(), null, null, null, null, null, List.of(), r.delivery(), r);
        return Result.of(result, ElementParams.summary(r));
    }

    private static Point pointer(CommandContext ctx) {
        PointerPosition p = ctx.service(DesktopService.class).pointer(ctx);
        return new Point(p.x(), p.y());
    }
}
