package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.walk.States;
import java.util.ArrayList;
import java.util.List;

/**
 * The states worth an agent's tokens, in a fixed order, from an AT-SPI state set: what is set and unusual
 * (focused, checked…) plus negations of the usual (disabled for not sensitive, hidden for not showing).
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
        add(out, !enabled(s), "disabled");
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
            case "enabled" -> enabled(s);
            case "visible" -> visible(s);
            default -> {
                int n = States.number(word);
                yield n >= 0 && s.has(n);
            }
        };
    }

    /**
     * Whether the element takes input: sensitive, as the toolkits mean it. ENABLED alone is not the test: GTK drops it
     * from a check or radio button in the mixed state, which still takes clicks, and GTK 4 never sets it.
     */
    public static boolean enabled(States s) {
        return s.has(States.SENSITIVE);
    }

    public static boolean visible(States s) {
        return s.has(States.SHOWING) && s.has(States.VISIBLE);
    }

    private static void add(List<String> out, boolean cond, String name) {
        if (cond) {
            out.add(name);
        }
    }
}
