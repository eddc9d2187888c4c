package dev.uictl.engine.desktop.element;

import java.util.List;
import java.util.Set;

/**
 * What an element says about itself at one moment. {@code states} are lowercase names ("enabled", "showing",
 * "checked", …); {@code text} is its text content when it has one, {@code value} its numeric value when it has one;
 * {@code actions} the action names in index order; {@code interfaces} short names ("Action", "EditableText",
 * "Value", "Selection", "Component", "Text"); {@code pid} the owning process (0 when unknown); {@code secret} marks
 * a password field, whose text reads back masked.
 */
public record ElementState(String role, String name, Set<String> states, Bounds bounds, String text, Double value,
                           List<String> actions, Set<String> interfaces, long pid, int childCount, boolean secret) {

    public boolean has(String state) {
        return states.contains(state);
    }

    public boolean implementsInterface(String iface) {
        return interfaces.contains(iface);
    }

    /** The index of the first action whose name is one of {@code names} (case-insensitive), -1 when none. */
    public int actionIndex(String... names) {
        for (int i = 0; i < actions.size(); i++) {
            for (String n : names) {
                if (actions.get(i).equalsIgnoreCase(n)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** The value an agent compares against: the text, else the number (integral numbers without ".0"). */
    public String valueText() {
        if (text != null) {
            return text;
        }
        if (value == null) {
            return null;
        }
        return value == Math.rint(value) && !value.isInfinite() ? Long.toString(value.longValue()) : value.toString();
    }
}
