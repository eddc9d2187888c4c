package dev.uictl.engine.desktop.element;

import java.util.Locale;

/**
 * The element actions of SPEC §4.4. {@code retryable}: a later step of the chain may run after an earlier one was
 * delivered but not verified, because doing it twice leaves the same state (setting a value, checking a box); a
 * click or typed text would happen twice, so their chains stop at the first delivery.
 */
public enum ElementAction {
    CLICK(false), DOUBLE_CLICK(false), RIGHT_CLICK(false), TRIPLE_CLICK(false), HOVER(true), FOCUS(true),
    TYPE(false), SET_VALUE(true), CLEAR(true), SELECT(true), TOGGLE(false), CHECK(true), UNCHECK(true),
    EXPAND(true), COLLAPSE(true), SCROLL(false), SCROLL_TO(true), DRAG(false), ACTION(false), FILL(true);

    final boolean retryable;

    ElementAction(boolean retryable) {
        this.retryable = retryable;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static ElementAction of(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
