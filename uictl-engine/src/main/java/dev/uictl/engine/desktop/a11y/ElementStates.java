package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.walk.States;
import java.util.ArrayList;
import java.util.List;

/**
 * The states worth an agent's tokens, in a fixed order, from an AT-SPI state set: what is set and unusual
 * (focused, checked…) plus negations of the usual (disabled for not enabled, hidden for not showing).
 */
public final class ElementStates {
    private ElementStates() {
    }

    public static List<String> notable(States s) {
        List<String> out = new ArrayList<>();
        add(out, s.has(States.FOCUSED), "focused");
        add(out, s.has(States.CHECKED), "checked");
        add(out, s.has(States.INDETERMINATE), "mixed");
        add(out, s.has(States.PRESSED), "pressed");
        add(out, s.has(States.SELECTED), "selected");
        add(out, s.has(States.EXPANDED), "expanded");
        add(out, s.has(States.EXPANDABLE) && !s.has(States.EXPANDED), "collapsed");
        add(out, !s.has(States.ENABLED) || !s.has(States.SENSITIVE), "disabled");
        add(out, s.has(States.READ_ONLY), "readonly");
        add(out, !s.has(States.SHOWING), "hidden");
        add(out, s.has(16), "modal");
        add(out, s.has(3), "busy");
        add(out, s.has(33), "required");
        add(out, s.has(36), "invalid");
        return out;
    }

    /** Whether a state word (a notable name or any AT-SPI state name) holds. */
    public static boolean holds(States s, String word) {
        if (notable(s).contains(word)) {
            return true;
        }
        return switch (word) {
            case "enabled" -> s.has(States.ENABLED) && s.has(States.SENSITIVE);
            case "visible" -> s.has(States.SHOWING) && s.has(States.VISIBLE);
            default -> {
                int n = States.number(word);
                yield n >= 0 && s.has(n);
            }
        };
    }

    private static void add(List<String> out, boolean cond, String name) {
        if (cond) {
            out.add(name);
        }
    }
}
