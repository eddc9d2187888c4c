package dev.uictl.engine.scenario.model;

import java.util.Locale;

/**
 * Key names of ptybox/tui-use scenarios ({@code Ctrl+C}, {@code Alt+x}, {@code Shift+Tab}) in the tmux names the
 * terminal engine encodes ({@code C-c}, {@code M-x}, {@code S-Tab}); tmux names pass through unchanged.
 */
public final class KeyNames {
    private KeyNames() {
    }

    public static String toTmux(String key) {
        String rest = key;
        StringBuilder mods = new StringBuilder();
        while (true) {
            int plus = rest.indexOf('+');
            if (plus <= 0 || plus == rest.length() - 1) {
                break;
            }
            String mod = rest.substring(0, plus).toLowerCase(Locale.ROOT);
            String prefix = switch (mod) {
                case "ctrl", "control", "c" -> "C-";
                case "alt", "meta", "m", "option" -> "M-";
                case "shift", "s" -> "S-";
                default -> null;
            };
            if (prefix == null) {
                break;
            }
            mods.append(prefix);
            rest = rest.substring(plus + 1);
        }
        if (mods.isEmpty()) {
            return key;
        }
        // tmux spells control letters in lower case: C-c, not C-C (which would mean Ctrl+Shift+c)
        return mods + (rest.length() == 1 && mods.indexOf("S-") < 0 ? rest.toLowerCase(Locale.ROOT) : rest);
    }
}
