package dev.uictl.commands.input;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.engine.desktop.input.InputTarget;
import dev.uictl.engine.desktop.input.KeyCombo;
import dev.uictl.engine.desktop.input.MouseButton;
import dev.uictl.engine.desktop.input.Point;
import dev.uictl.engine.desktop.model.WindowAction;
import dev.uictl.engine.desktop.service.DesktopService;
import java.util.Arrays;
import java.util.List;

/** Parameters and target resolution shared by the input commands. */
final class InputParams {
    static final ErrorCode[] DESKTOP_ERRORS = {ErrorCode.DEPENDENCY_MISSING, ErrorCode.ACTION_FAILED,
            ErrorCode.TIMEOUT, ErrorCode.PLATFORM_NOT_SUPPORTED};
    static final ErrorCode[] TARGET_ERRORS = {ErrorCode.SELECTOR_INVALID, ErrorCode.SELECTOR_NOT_FOUND,
            ErrorCode.SELECTOR_AMBIGUOUS, ErrorCode.WINDOW_NOT_FOUND, ErrorCode.STALE_REF};

    static final ParamSpec BUTTON = ParamSpec.option("button", ParamType.STRING,
            "Mouse button: left, right, middle, back, forward or 1-9").defaultsTo("left");
    static final ParamSpec COUNT = ParamSpec.option("count", ParamType.INTEGER, "Number of clicks").defaultsTo("1")
            .between(1, 100);
    static final ParamSpec MODIFIERS = ParamSpec.option("modifiers", ParamType.STRING,
            "Keys held during the click, comma separated: ctrl,shift,alt,super");

    private InputParams() {
    }

    static MouseButton button(Args args) {
        return MouseButton.parse(args.stringOr("button", "left"));
    }

    static KeyCombo modifiers(Args args) {
        if (!args.has("modifiers")) {
            return null;
        }
        List<String> names = Arrays.stream(args.string("modifiers").split("[,+]")).map(String::strip).toList();
        return KeyCombo.of(names);
    }

    /** A point written "x,y", or a window selector resolved to its client area's centre after raising it. */
    record Aim(Point point, InputTarget target) {
    }

    static Aim aim(String text, CommandContext ctx) {
        if (Point.looksLikePoint(text)) {
            return new Aim(Point.parse(text), null);
        }
        try {
            WindowAction focused = ctx.service(DesktopService.class).focus(ctx, text);
            InputTarget target = InputTarget.of(text, focused.window());
            return new Aim(target.centre(), target);
        } catch (UictlException e) {
            // Resolving and raising the target sends no input (even when the window died while being raised): a
            // retry is safe.
            throw e.withDelivery(Delivery.NOT_DELIVERED);
        }
    }
}
