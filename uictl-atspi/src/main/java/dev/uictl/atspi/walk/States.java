package dev.uictl.atspi.walk;

import java.util.ArrayList;
import java.util.List;
import org.freedesktop.dbus.types.UInt32;

/**
 * An AT-SPI state set ({@code AtspiStateType}, at-spi2-core 2.46) as a 64-bit mask; bit i is state number i. The wire
 * form is two 32-bit words, low word first.
 */
public record States(long bits) {
    public static final int ACTIVE = 1;
    public static final int CHECKED = 4;
    public static final int DEFUNCT = 6;
    public static final int EDITABLE = 7;
    public static final int ENABLED = 8;
    public static final int EXPANDABLE = 9;
    public static final int EXPANDED = 10;
    public static final int FOCUSABLE = 11;
    public static final int FOCUSED = 12;
    public static final int ICONIFIED = 15;
    public static final int MULTI_LINE = 17;
    public static final int PRESSED = 20;
    public static final int SELECTABLE = 22;
    public static final int SELECTED = 23;
    public static final int SENSITIVE = 24;
    public static final int SHOWING = 25;
    public static final int SINGLE_LINE = 26;
    public static final int VISIBLE = 30;
    public static final int MANAGES_DESCENDANTS = 31;
    public static final int INDETERMINATE = 32;
    public static final int CHECKABLE = 41;
    public static final int READ_ONLY = 43;

    private static final List<String> NAMES = List.of(
            "invalid", "active", "armed", "busy", "checked", "collapsed", "defunct", "editable", "enabled",
            "expandable", "expanded", "focusable", "focused", "has-tooltip", "horizontal", "iconified", "modal",
            "multi-line", "multiselectable", "opaque", "pressed", "resizable", "selectable", "selected", "sensitive",
            "showing", "single-line", "stale", "transient", "vertical", "visible", "manages-descendants",
            "indeterminate", "required", "truncated", "animated", "invalid-entry", "supports-autocompletion",
            "selectable-text", "is-default", "visited", "checkable", "has-popup", "read-only");

    public static States of(List<UInt32> words) {
        long bits = 0;
        for (int i = 0; i < Math.min(2, words.size()); i++) {
            bits |= (words.get(i).longValue() & 0xffffffffL) << (32 * i);
        }
        return new States(bits);
    }

    public boolean has(int state) {
        return state >= 0 && state < 64 && (bits & (1L << state)) != 0;
    }

    /** The names of the states present, in number order ("enabled", "focusable", …). */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < NAMES.size(); i++) {
            if (has(i)) {
                out.add(NAMES.get(i));
            }
        }
        return out;
    }

    public static String name(int state) {
        return state >= 0 && state < NAMES.size() ? NAMES.get(state) : "unknown";
    }

    /** The number for a state name ("checked"), or -1. */
    public static int number(String name) {
        return NAMES.indexOf(name);
    }
}
