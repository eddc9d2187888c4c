package dev.uictl.engine.desktop.input;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.Locale;

/** Core pointer buttons: 1 left, 2 middle, 3 right, 4/5 wheel up/down, 6/7 wheel left/right, 8/9 back/forward. */
public enum MouseButton {
    LEFT(1), MIDDLE(2), RIGHT(3), WHEEL_UP(4), WHEEL_DOWN(5), WHEEL_LEFT(6), WHEEL_RIGHT(7), BACK(8), FORWARD(9);

    private final int number;

    MouseButton(int number) {
        this.number = number;
    }

    public int number() {
        return number;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** "left", "right", "middle", "back", "forward", "wheel-up", … or the button number 1–9. */
    public static MouseButton parse(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        for (MouseButton b : values()) {
            if (b.wireName().equals(s) || Integer.toString(b.number).equals(s)) {
                return b;
            }
        }
        throw UictlException.of(ErrorCode.INVALID_ARGS, "unknown mouse button '" + text + "'")
                .withHint("Use --button left|right|middle|back|forward or a number 1-9.");
    }
}
