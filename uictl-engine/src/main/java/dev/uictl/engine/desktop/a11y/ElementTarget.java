package dev.uictl.engine.desktop.a11y;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An element target as a caller writes it (SPEC §3.2): a ref ({@code @e7}, {@code e7}, {@code ref=e7}), a qualified
 * ref ({@code @<snapshot>:e7}), or a query ({@code role=button name="Save"}, {@code name~=save}, {@code text~=…},
 * {@code label="Customer name"} (the form field that label names), {@code states=checked,focused},
 * {@code id=<accessible id>}, {@code nth=2}) optionally scoped by a window selector:
 * {@code class=gedit >> role=button name=Save}. The window part uses the window selector grammar unchanged.
 */
public sealed interface ElementTarget {
    int MAX_LENGTH = 1000;

    /** {@code snapshotId} null means the session's latest snapshot. */
    record Ref(String snapshotId, String ref) implements ElementTarget {
    }

    record Query(String windowSelector, ElementQuery query) implements ElementTarget {
    }

    Pattern REF = Pattern.compile("^(?:ref=)?@?(?:([A-Za-z0-9_-]{2,64}):)?(e[1-9][0-9]{0,6})$");

    /** Terms only element queries have; a window selector never starts with one of them. */
    Pattern ELEMENT_TERM = Pattern.compile("^(?:role|name|text|label|states?|nth)~?=.*", Pattern.CASE_INSENSITIVE);

    /**
     * Whether a target that a command also accepts as a window selector or a point names an element: a ref
     * ({@code @e3}, {@code @snap:e3}, {@code ref=e3}), a scoped query ({@code WINDOW >> QUERY}) or a query whose
     * first term is an element term (role, name, text, states, nth). Window selectors ({@code @w2},
     * {@code title~=x}, {@code class=xterm}, {@code id=win3}) and points stay what they were.
     */
    static boolean namesElement(String text) {
        if (text == null) {
            return false;
        }
        String t = text.strip();
        return REF.matcher(t).matches() || t.contains(">>") || ELEMENT_TERM.matcher(t).matches();
    }

    static ElementTarget parse(String text) {
        if (text == null || text.isBlank()) {
            throw invalid(text, "the target is empty");
        }
        if (text.length() > MAX_LENGTH) {
            throw invalid(text.substring(0, 40) + "…", "the target is longer than " + MAX_LENGTH + " characters");
        }
        String t = text.strip();
        Matcher m = REF.matcher(t);
        if (m.matches()) {
            return new Ref(m.group(1), m.group(2));
        }
        int split = t.lastIndexOf(">>");
        String window = split < 0 ? null : t.substring(0, split).strip();
        String query = split < 0 ? t : t.substring(split + 2).strip();
        if (window != null && window.isEmpty()) {
            throw invalid(text, "nothing before '>>': give a window selector, e.g. `title~=Editor >> role=button`");
        }
        return new Query(window, ElementQuery.parse(query, text));
    }

    static UictlException invalid(String text, String why) {
        return UictlException.of(ErrorCode.SELECTOR_INVALID, "invalid element target '" + text + "': " + why)
                .withHint("Use a ref from `uictl snapshot -i` (@e3) or a query like `role=button name=\"Save\"`, "
                        + "scoped with `WINDOW >> QUERY`.")
                .withDetail("selector", text == null ? "" : text);
    }

    /** The element query part: every given term must hold; nth picks one of several matches (1-based). */
    record ElementQuery(String role, String name, String nameContains, String text, String textContains,
                        String label, List<String> states, String accessibleId, Integer nth) {

        static ElementQuery parse(String q, String whole) {
            String role = null, name = null, nameContains = null, text = null, textContains = null, id = null;
            String label = null;
            List<String> states = new ArrayList<>();
            Integer nth = null;
            List<String> words = tokens(q, whole);
            if (words.isEmpty()) {
                throw invalid(whole, "no element query");
            }
            for (String w : words) {
                int eq = w.indexOf('=');
                if (eq <= 0) {
                    textContains = w; // a bare word: fuzzy over name, value and description
                    continue;
                }
                boolean fuzzy = w.charAt(eq - 1) == '~';
                String key = w.substring(0, fuzzy ? eq - 1 : eq).toLowerCase(Locale.ROOT);
                String value = unquote(w.substring(eq + 1));
                switch (key + (fuzzy ? "~" : "")) {
                    case "role" -> role = value.toLowerCase(Locale.ROOT);
                    case "name" -> name = value;
                    case "name~" -> nameContains = value;
                    case "text" -> text = value;
                    case "text~" -> textContains = value;
                    case "label" -> label = value;
                    case "states", "state" -> {
                        for (String s : value.split(",")) {
                            if (!s.isBlank()) {
                                states.add(s.strip().toLowerCase(Locale.ROOT));
                            }
                        }
                    }
                    case "id" -> id = value;
                    case "nth" -> {
                        try {
                            nth = Integer.parseInt(value);
                        } catch (NumberFormatException e) {
                            throw invalid(whole, "nth must be a number, got '" + value + "'");
                        }
                        if (nth < 1 || nth > 100_000) {
                            throw invalid(whole, "nth counts from 1 (nth=1 is the first match), got " + nth);
                        }
                    }
                    default -> throw invalid(whole, "unknown term '" + key + (fuzzy ? "~=" : "=")
                            + "' (use role, name, name~, text, text~, label, states, id, nth)");
                }
            }
            return new ElementQuery(role, name, nameContains, text, textContains, label, List.copyOf(states), id, nth);
        }

        private static List<String> tokens(String q, String whole) {
            List<String> out = new ArrayList<>();
            StringBuilder cur = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < q.length(); i++) {
                char c = q.charAt(i);
                if (c == '"') {
                    quoted = !quoted;
                    cur.append(c);
                } else if (c == '\\' && quoted && i + 1 < q.length()) {
                    cur.append(c).append(q.charAt(++i));
                } else if (Character.isWhitespace(c) && !quoted) {
                    if (!cur.isEmpty()) {
                        out.add(cur.toString());
                        cur.setLength(0);
                    }
                } else {
                    cur.append(c);
                }
            }
            if (quoted) {
                throw invalid(whole, "unbalanced quote");
            }
            if (!cur.isEmpty()) {
                out.add(cur.toString());
            }
            return out;
        }

        private static String unquote(String v) {
            if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                return v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
            }
            return v;
        }

        boolean needsValues() {
            return text != null || textContains != null;
        }
    }
}
