package dev.uictl.engine.desktop.select;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.model.Window;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/** Resolves a selector against a window listing: exactly one match, or a structured error — never a guess. */
public final class SelectorMatcher {
    private SelectorMatcher() {
    }

    /** Every window matching all terms, sorted numerically by ref. */
    public static List<Window> matches(WindowSelector selector, List<Window> windows) {
        List<Window> current = windows;
        for (SelectorTerm term : selector.terms()) {
            current = term.filter(current);
        }
        return current.stream().sorted(Comparator.comparingInt(Window::refNumber)).toList();
    }

    /**
     * The one window matching; SELECTOR_NOT_FOUND (details selector, mode) for none, SELECTOR_AMBIGUOUS
     * (details selector, mode, candidates sorted by ref) for several.
     */
    public static Window resolve(WindowSelector selector, List<Window> windows) {
        List<Window> found = matches(selector, windows);
        if (found.isEmpty()) {
            throw notFound(selector);
        }
        if (found.size() > 1) {
            throw ambiguous(selector, found);
        }
        return found.getFirst();
    }

    public static UictlException notFound(WindowSelector selector) {
        UictlException e = UictlException.of(ErrorCode.SELECTOR_NOT_FOUND, "no window matches '" + selector.text() + "'")
                .withDetail("selector", selector.text()).withDetail("mode", selector.mode());
        return looksLikeUnquotedSpace(selector)
                ? e.withHint("Terms separated by spaces AND together; quote a value that contains spaces, e.g. "
                        + "title=\"My Window\". Run `uictl list-windows` to see the titles.")
                : e;
    }

    /** {@code title=My Window} parses as title=My AND fuzzy "Window"; the user most likely meant one title. */
    private static boolean looksLikeUnquotedSpace(WindowSelector selector) {
        return selector.terms().size() > 1 && selector.terms().stream().anyMatch(t -> t instanceof SelectorTerm.Fuzzy)
                && selector.terms().stream().anyMatch(t -> t instanceof SelectorTerm.TitleExact
                || t instanceof SelectorTerm.TitleContains || t instanceof SelectorTerm.AppClass);
    }

    public static UictlException ambiguous(WindowSelector selector, List<Window> candidates) {
        String refs = candidates.stream().limit(5).map(w -> "@" + w.refId() + " (" + w.title() + ")")
                .collect(Collectors.joining(", "));
        return UictlException.of(ErrorCode.SELECTOR_AMBIGUOUS, candidates.size() + " windows match '"
                        + selector.text() + "'")
                .withHint("Pick one: " + refs + (candidates.size() > 5 ? ", …" : "")
                        + " — e.g. `uictl focus @" + candidates.getFirst().refId() + "` or id=" + candidates.getFirst().windowId())
                .withDetail("selector", selector.text()).withDetail("mode", selector.mode())
                .withDetail("candidates", candidates);
    }
}
