package dev.uictl.engine.desktop.spi;

import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.input.InputTarget;
import dev.uictl.engine.desktop.input.KeyCombo;
import dev.uictl.engine.desktop.input.KeyResult;
import dev.uictl.engine.desktop.input.MouseButton;
import dev.uictl.engine.desktop.input.Point;
import dev.uictl.engine.desktop.input.PointerResult;
import dev.uictl.engine.desktop.input.TypeResult;

/**
 * The input-injection port: synthetic pointer and keyboard on the caller's display (X11: XTEST in InputService).
 * Every operation defaults to {@code PLATFORM_NOT_SUPPORTED} with delivery {@code not_delivered}.
 */
public interface InputInjection extends AutoCloseable {
    default PointerResult move(CallContext ctx, Point to) {
        throw unsupported("moving the pointer");
    }

    /** Clicks {@code count} times at {@code at} (null: where the pointer is), holding {@code modifiers}. */
    default PointerResult click(CallContext ctx, String action, Point at, InputTarget target, MouseButton button,
                                int count, KeyCombo modifiers) {
        throw unsupported("clicking");
    }

    default PointerResult button(CallContext ctx, MouseButton button, boolean down, Point at) {
        throw unsupported("pressing mouse buttons");
    }

    default PointerResult scroll(CallContext ctx, int amount, boolean horizontal) {
        throw unsupported("scrolling");
    }

    default PointerResult drag(CallContext ctx, Point from, Point to, MouseButton button) {
        throw unsupported("dragging");
    }

    /** Types with the timeout a text of this length gets when the caller names none. */
    default TypeResult type(CallContext ctx, String text, long delayMs) {
        return type(ctx, text, delayMs, defaultTypeTimeoutMs(text.length(), delayMs));
    }

    /** Types text into whatever has the keyboard focus, giving up (TIMEOUT) after {@code timeoutMs}. */
    default TypeResult type(CallContext ctx, String text, long delayMs, long timeoutMs) {
        throw unsupported("typing text");
    }

    /** How long typing {@code chars} characters may take when the caller gives no --timeout. */
    static long defaultTypeTimeoutMs(long chars, long delayMs) {
        return 10_000 + chars * (TYPE_MS_PER_CHAR + delayMs);
    }

    /** The typing rate the default timeout allows for (XTEST events plus the chunk round trips). */
    long TYPE_MS_PER_CHAR = 2;

    default KeyResult press(CallContext ctx, String action, KeyCombo combo) {
        throw unsupported("pressing keys");
    }

    default KeyResult keyDown(CallContext ctx, KeyCombo combo) {
        throw unsupported("holding keys");
    }

    default KeyResult keyUp(CallContext ctx, KeyCombo combo) {
        throw unsupported("releasing keys");
    }

    @Override
    default void close() {
    }

    private static dev.uictl.core.error.UictlException unsupported(String what) {
        return Unsupported.of("input", what);
    }
}
