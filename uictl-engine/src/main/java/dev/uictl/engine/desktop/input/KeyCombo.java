package dev.uictl.engine.desktop.input;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.x11.keysym.Keysyms;
import java.util.ArrayList;
import java.util.List;

/**
 * Keys pressed together, in order: {@code ctrl+shift+t}, {@code enter}, {@code f5}, {@code super}, {@code ctrl++}
 * (the plus key), or the chord form {@code C-S-t}. Each key is a name, alias, single character or keysym value
 * (see {@link Keysyms#byName}).
 */
public record KeyCombo(String text, List<Key> keys) {
    /** One key of a combo: what the caller wrote and the keysym it means. */
    public record Key(String given, int keysym) {
        public String name() {
            return Keysyms.name(keysym);
        }
    }

    public KeyCombo {
        keys = List.copyOf(keys);
    }

    public static KeyCombo parse(String text) {
        if (text == null || text.isBlank()) {
            throw invalid("an empty key combo", text);
        }
        String s = text.strip();
        List<String> parts = split(s);
        List<Key> keys = new ArrayList<>();
        for (String part : parts) {
            keys.add(new Key(part, Keysyms.byName(part).orElseThrow(() -> invalid("unknown key '" + part + "'", text))));
        }
        return new KeyCombo(s, keys);
    }

    /** Several keys given one per argument (`hotkey ctrl shift t`): one combo pressed together. */
    public static KeyCombo of(List<String> names) {
        if (names.isEmpty()) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "no keys given")
                    .withHint("Name the keys, e.g. `uictl hotkey ctrl shift t`.");
        }
        List<Key> keys = new ArrayList<>();
        for (String n : names) {
            keys.addAll(parse(n).keys());
        }
        return new KeyCombo(String.join("+", names), keys);
    }

    private static List<String> split(String s) {
        // "C-S-t" chord form: single-letter modifier prefixes separated by '-'.
        if (s.length() > 2 && s.charAt(1) == '-' && Keysyms.modifierAlias(s.substring(0, 1)).isPresent()) {
            List<String> out = new ArrayList<>();
            String rest = s;
            while (rest.length() > 2 && rest.charAt(1) == '-' && Keysyms.modifierAlias(rest.substring(0, 1)).isPresent()) {
                out.add(Keysyms.name(Keysyms.modifierAlias(rest.substring(0, 1)).orElseThrow()));
                rest = rest.substring(2);
            }
            out.add(rest);
            return out;
        }
        if (s.equals("+")) {
            return List.of("+");
        }
        List<String> out = new ArrayList<>();
        String body = s;
        boolean plusKey = s.endsWith("++");
        if (plusKey) {
            body = s.substring(0, s.length() - 2);
        }
        if (!body.isEmpty()) {
            for (String part : body.split("\\+", -1)) {
                if (part.isBlank()) {
                    throw invalid("an empty key between '+' signs", s);
                }
                out.add(part.strip());
            }
        }
        if (plusKey) {
            out.add("+");
        }
        return out;
    }

    private static UictlException invalid(String what, String text) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "bad key combo '" + text + "': " + what)
                .withDetail("combo", text == null ? "" : text)
                .withHint("Use names joined by '+', e.g. `uictl press ctrl+shift+t`, `uictl press enter`, "
                        + "`uictl press f5`; see `uictl press --help`.");
    }
}
