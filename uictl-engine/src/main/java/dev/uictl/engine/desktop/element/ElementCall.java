package dev.uictl.engine.desktop.element;

/**
 * An element action as a command asks for it. {@code text}: the text, value, item or action name; {@code direction}
 * and {@code amount}: scroll; {@code dropOn}: drag destination (x,y or an element target); {@code waitFor}: an
 * element target to await after the action ({@code waitForGone}: await its disappearance) within
 * {@code waitTimeoutMs}.
 */
public record ElementCall(ElementAction action, String target, String text, String direction, int amount,
                          String dropOn, ChainMode mode, long timeoutMs, String waitFor, boolean waitForGone,
                          long waitTimeoutMs) {
    public static ElementCall of(ElementAction action, String target, String text, ChainMode mode, long timeoutMs) {
        return new ElementCall(action, target, text, "down", 3, null, mode, timeoutMs, null, false, 0);
    }
}
