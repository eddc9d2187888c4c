package dev.uictl.engine.desktop.events;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.spi.AccessibilityTree.ElementEvent;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** What an accessibility event is about, as `watch --events` names it. */
public enum EventCategory {
    /** A window was created, destroyed, activated or deactivated. */
    WINDOW,
    /** The keyboard focus moved (a focused state set or cleared). */
    FOCUS,
    /** Children were added or removed. */
    TREE,
    /** Another state changed (checked, enabled, showing, expanded, …). */
    STATE,
    /** A property changed: name, value, description, … */
    PROPERTY,
    /** Text was inserted or deleted. */
    TEXT;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EventCategory of(ElementEvent e) {
        String kind = e.kind();
        if (kind.startsWith("window:")) {
            return WINDOW;
        }
        if (kind.startsWith("focus:") || kind.equals("object:state-changed") && "focused".equals(e.detail())) {
            return FOCUS;
        }
        return switch (kind) {
            case "object:children-changed" -> TREE;
            case "object:state-changed" -> STATE;
            case "object:text-changed" -> TEXT;
            default -> PROPERTY;
        };
    }

    /** A comma-separated list of categories; null or empty means all. */
    public static Set<EventCategory> parse(String list) {
        if (list == null || list.isBlank()) {
            return EnumSet.allOf(EventCategory.class);
        }
        Set<EventCategory> out = EnumSet.noneOf(EventCategory.class);
        for (String word : list.split(",")) {
            String w = word.strip().toUpperCase(Locale.ROOT);
            try {
                out.add(valueOf(w.equals("VALUE") ? "PROPERTY" : w));
            } catch (IllegalArgumentException e) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "unknown event kind '" + word.strip()
                        + "' (use window, focus, tree, state, property (value), text)");
            }
        }
        return out;
    }
}
