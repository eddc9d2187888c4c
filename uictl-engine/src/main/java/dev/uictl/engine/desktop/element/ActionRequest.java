package dev.uictl.engine.desktop.element;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.engine.desktop.input.Point;

/**
 * One element action to perform. {@code target} is the target as the caller wrote it (for messages);
 * {@code locator} finds the live element; {@code text} is the action's argument (text to type, value to set, item
 * to select, action name); {@code direction}/{@code amount} are for scroll; {@code dropAt} for drag.
 */
public record ActionRequest(ElementAction action, String target, ElementLocator locator, String text,
                            String direction, int amount, Point dropAt, ChainMode mode, Deadline deadline,
                            Cancellation cancellation) {
    /** The target quoted for a shell, for hints that name a command to run on it. */
    public String quotedTarget() {
        return "'" + target.replace("'", "'\\''") + "'";
    }
}
