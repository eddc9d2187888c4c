package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.walk.Bounds;
import dev.uictl.atspi.walk.NodeInfo;
import dev.uictl.engine.desktop.element.Sighting;

/**
 * A target resolved to a live element: the object to call, what it said about itself when resolved, its bounds
 * (null without a Component), the application's pid, the ref it came from (qualified, null for a query) and how it
 * was found: {@code ref} (the stored object is alive), {@code reidentified} (from evidence) or {@code query}.
 * {@code earlier} is the element's bounds as the snapshot or walk it was found from saw them (null when that had
 * none).
 */
public record ResolvedElement(AccessibleId id, NodeInfo info, Bounds bounds, long pid, String ref, String how,
                              Sighting earlier) {
    /** What a snapshot or walk saw of an element by {@code readByNanos}; null when it read no bounds. */
    static Sighting earlier(Bounds bounds, long readByNanos) {
        return bounds == null ? null : new Sighting(AtspiAccessibilityTree.elementBounds(bounds), readByNanos);
    }

    public String role() {
        return ElementRoles.canonical(info);
    }
}
