package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.walk.NodeInfo;
import java.util.Locale;

/** Whether one element satisfies every term of an element query (name/text matching is case-insensitive). */
final class QueryMatcher {
    private QueryMatcher() {
    }

    static boolean matches(ElementTarget.ElementQuery q, NodeInfo n, String value, String accessibleId) {
        if (q.role() != null && !ElementRoles.canonical(n).equals(q.role()) && !n.roleName().equals(q.role())) {
            return false;
        }
        if (q.name() != null && !n.name().equalsIgnoreCase(q.name())) {
            return false;
        }
        if (q.nameContains() != null && !contains(n.name(), q.nameContains())) {
            return false;
        }
        if (q.text() != null && !n.name().equalsIgnoreCase(q.text()) && !q.text().equalsIgnoreCase(value)) {
            return false;
        }
        if (q.textContains() != null && !contains(n.name(), q.textContains()) && !contains(value, q.textContains())
                && !contains(n.description(), q.textContains())) {
            return false;
        }
        for (String s : q.states()) {
            if (!ElementStates.holds(n.states(), s)) {
                return false;
            }
        }
        return q.accessibleId() == null || q.accessibleId().equals(accessibleId);
    }

    private static boolean contains(String hay, String needle) {
        return hay != null && hay.toLowerCase(Locale.ROOT).contains(needle.toLowerCase(Locale.ROOT));
    }
}
