package dev.uictl.commands.window;

import dev.uictl.commands.element.ElementParams;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.a11y.ElementTarget;
import dev.uictl.engine.desktop.element.ElementAction;
import dev.uictl.engine.desktop.element.ElementActionResult;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.model.WindowAction;
import dev.uictl.engine.desktop.service.DesktopService;

public final class FocusCommand extends WindowActionCommand implements Command {
    static final CommandSpec SPEC = spec("focus", "Activate (raise and focus) a window, or give an element the "
            + "keyboard focus, and verify it")
            .description("An element target (@e3, role=textfield name=Name, WINDOW >> QUERY) waits until the element "
                    + "is actionable, activates its window, then focuses it (Component.GrabFocus, else a click) and "
                    + "reads back its focused state; data.element has the steps.")
            .params(ElementParams.options())
            .example("focus class=xterm", "Focus the only xterm")
            .example("focus @w2", "Focus the second window of the last listing")
            .example("focus 'role=textfield name=\"Name field\"'", "Give the Name field the keyboard focus")
            .errors(ElementParams.ERRORS)
            .annotations(ToolAnnotations.additive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        String target = args.string("selector");
        if (ElementTarget.namesElement(target)) {
            return focusElement(args, ctx, target);
        }
        return result(ctx.service(DesktopService.class).focus(ctx, target), ctx);
    }

    /** The element's window is activated by the action itself; the result names the window active afterwards. */
    private static Result focusElement(Args args, CommandContext ctx, String target) {
        ElementActionResult r = ElementParams.perform(args, ctx, ElementAction.FOCUS, target, null, 5000);
        Window w = ctx.service(DesktopService.class).active(ctx).orElseThrow(() -> UictlException.of(
                ErrorCode.ACTION_FAILED, "the element was focused but no window is active")
                .withDelivery(Delivery.DELIVERED_UNVERIFIED));
        WindowAction a = new WindowAction("focus", target, w.refId(), w.windowId(), w.title(), r.verified(),
                r.delivery(), w, null, null, null, r);
        return Result.of(a, ElementParams.summary(r));
    }
}
