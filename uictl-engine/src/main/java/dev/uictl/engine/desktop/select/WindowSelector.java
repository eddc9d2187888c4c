package dev.uictl.engine.desktop.select;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.pattern.UserPattern;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed window selector (SPEC §3.1): whitespace-separated terms that must all match. Values may be quoted
 * with {@code "…"} or {@code '…'} to contain spaces: {@code title="My Document"}.
 */
public record WindowSelector(String text, List<SelectorTerm> terms) {
    public WindowSelector {
        terms = List.copyOf(terms);
    }

    /** The rule used, for {@code details.mode}: the term's mode, or {@code compound} for several terms. */
    public String mode() {
        return terms.size() == 1 ? terms.getFirst().mode() : "compound";
    }

    /** Whether this selector names a window by its listing ref only ({@code @w3}). */
    public boolean isRef() {
        return terms.size() == 1 && terms.getFirst() instanceof SelectorTerm.Ref;
    }

    /**
     * @throws UictlException SELECTOR_INVALID with {@code details.selector}, {@code mode} and {@code reason}
     */
    public static WindowSelector parse(String text) {
        if (text == null || text.isBlank()) {
            throw invalid(String.valueOf(text), "unknown", "the selector is empty");
        }
        List<SelectorTerm> terms = new ArrayList<>();
        for (String token : tokens(text)) {
            terms.add(term(text, token));
        }
        return new WindowSelector(text.strip(), terms);
    }

    private static SelectorTerm term(String selector, String token) {
        if (token.startsWith("@")) {
            return new SelectorTerm.Ref(refNumber(selector, token.substring(1), "ref"));
        }
        if (token.equals("focused")) {
            return new SelectorTerm.Focused();
        }
        if (token.equals("active")) {
            return new SelectorTerm.Active();
        }
        int eq = token.indexOf('=');
        if (eq < 0) {
            return new SelectorTerm.Fuzzy(unquote(token));
        }
        boolean contains = eq > 0 && token.charAt(eq - 1) == '~';
        String key = token.substring(0, contains ? eq - 1 : eq);
        String value = unquote(token.substring(eq + 1));
        String mode = switch (key) {
            case "title" -> contains ? "title_substring" : value.length() > 1 && value.startsWith("/") && value.endsWith("/")
                    ? "title_regex" : "title";
            case "app" -> "class";
            default -> key.isEmpty() ? "unknown" : key;
        };
        if (key.isEmpty()) {
            throw invalid(selector, mode, "'" + token + "' has no key before '='");
        }
        if (value.isEmpty()) {
            throw invalid(selector, mode, "'" + token + "' has an empty value");
        }
        if (contains && !key.equals("title")) {
            throw invalid(selector, mode, "'~=' (substring) applies to title only; use title~=" + value);
        }
        return switch (key) {
            case "ref" -> new SelectorTerm.Ref(refNumber(selector, value, "ref"));
            case "id" -> {
                if (!value.matches("win\\d{1,9}")) {
                    throw invalid(selector, "id", "window ids look like win5, got '" + value + "'");
                }
                yield new SelectorTerm.Id(value);
            }
            case "xid" -> new SelectorTerm.Xid(number(selector, "xid", value));
            case "pid" -> {
                long pid = number(selector, "pid", value);
                if (pid <= 0) {
                    throw invalid(selector, "pid", "a pid is a positive integer, got '" + value + "'");
                }
                yield new SelectorTerm.Pid(pid);
            }
            case "title" -> switch (mode) {
                case "title_substring" -> new SelectorTerm.TitleContains(value);
                case "title_regex" -> new SelectorTerm.TitleRegex(regex(selector, value.substring(1, value.length() - 1)));
                default -> new SelectorTerm.TitleExact(value);
            };
            case "class", "app" -> new SelectorTerm.AppClass(value);
            default -> throw invalid(selector, "unknown", "unknown key '" + key
                    + "'; use one of ref, id, xid, pid, title, title~, class, app, focused, active");
        };
    }

    private static int refNumber(String selector, String ref, String mode) {
        if (!ref.matches("w\\d{1,9}") || Integer.parseInt(ref.substring(1)) == 0) {
            throw invalid(selector, mode, "window refs look like @w3 or ref=w3, got '" + ref + "'");
        }
        return Integer.parseInt(ref.substring(1));
    }

    private static long number(String selector, String mode, String value) {
        try {
            return Long.decode(value);
        } catch (NumberFormatException e) {
            throw invalid(selector, mode, mode + " must be a number (decimal or 0x hex), got '" + value + "'");
        }
    }

    private static UserPattern regex(String selector, String re) {
        try {
            return UserPattern.compile(re, false);
        } catch (UserPattern.Rejected e) {
            throw invalid(selector, "title_regex", e.getMessage()).withDetail("limits", UserPattern.limits());
        }
    }

    /** Splits at whitespace outside quotes. */
    private static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        for (char c : text.toCharArray()) {
            if (quote != 0) {
                current.append(c);
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                current.append(c);
            } else if (Character.isWhitespace(c)) {
                if (!current.isEmpty()) {
                    out.add(current.toString());
                    current.setLength(0);
                }
            } else {
                current.append(c);
            }
        }
        if (quote != 0) {
            throw invalid(text, "unknown", "unbalanced quote " + quote);
        }
        if (!current.isEmpty()) {
            out.add(current.toString());
        }
        return out;
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'') && v.charAt(v.length() - 1) == v.charAt(0)) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }

    static UictlException invalid(String selector, String mode, String reason) {
        return UictlException.of(ErrorCode.SELECTOR_INVALID, "invalid window selector '" + selector + "': " + reason)
                .withDetail("selector", selector).withDetail("mode", mode).withDetail("reason", reason);
    }
}
