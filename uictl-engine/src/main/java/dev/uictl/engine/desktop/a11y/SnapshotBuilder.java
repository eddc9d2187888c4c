package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.walk.Bounds;
import dev.uictl.atspi.walk.Node;
import dev.uictl.atspi.walk.NodeInfo;
import dev.uictl.atspi.walk.States;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a walked tree into the snapshot's element tree: decides which nodes stay (-i, --roles, --bbox keep matches
 * and their ancestors), collapses wrappers (--compact), hands out refs in document order, and records each ref's
 * evidence and every element's fingerprint. {@code -i} is what an agent can act on now, in the fewest tokens: it
 * leaves out interactive elements that are off screen or not showing (counted on the nearest kept ancestor) and
 * unnamed structural wrappers (their children take their place).
 */
final class SnapshotBuilder {
    private final SnapshotRequest request;
    private Map<AccessibleId, ElementDetails.Detail> details = Map.of();
    private final long pid;
    private final long processStart;
    private final RefEntry.WindowLink window;
    private final AccessibleId root;
    private final Map<Node, Boolean> keep = new IdentityHashMap<>();
    /** Per node: how many interactive elements in its subtree -i leaves out as out of view. */
    private final Map<Node, Integer> outOfView = new IdentityHashMap<>();
    private static final Set<String> STRUCTURAL = Set.of("group", "scrollarea", "filler", "panel");
    final Map<String, RefEntry> refs = new LinkedHashMap<>();
    final Map<String, SnapshotDiffer.Print> prints = new LinkedHashMap<>();
    int elementCount;
    private final long boundsReadBy;

    SnapshotBuilder(SnapshotRequest request, long pid, long processStart, RefEntry.WindowLink window,
                    AccessibleId root, long boundsReadBy) {
        this.request = request;
        this.boundsReadBy = boundsReadBy;
        this.pid = pid;
        this.processStart = processStart;
        this.window = window;
        this.root = root;
    }

    /**
     * Decides what the snapshot keeps and returns the kept nodes that get refs or show details: what
     * {@link ElementDetails} should read (under -i not the values and actions of what it leaves out).
     */
    List<NodeInfo> detailsWanted(Node top) {
        decide(top, 0, false);
        return wanted(top, 0, new ArrayList<>());
    }

    private List<NodeInfo> wanted(Node n, int depth, List<NodeInfo> out) {
        if (wantsRef(n, request, depth) || ElementDetails.hasDetails(n.info())) {
            out.add(n.info());
        }
        for (Node c : n.children()) {
            if (keep.getOrDefault(c, false)) {
                wanted(c, depth + 1, out);
            }
        }
        return out;
    }

    /** The element tree of {@code top} (after {@link #detailsWanted}) with the details read. */
    Element build(Node top, Map<AccessibleId, ElementDetails.Detail> details) {
        this.details = details;
        return element(top, 0, new ArrayList<>(), "");
    }

    private static boolean wantsRef(Node n, SnapshotRequest r, int depth) {
        if (ElementRoles.isRefable(n.info())) {
            return true;
        }
        // skeleton: a named container cut by the depth limit gets a ref to drill into with --root
        return r.skeleton() && truncatedAt(n, r, depth) && !n.info().name().isEmpty();
    }

    private static boolean truncatedAt(Node n, SnapshotRequest r, int depth) {
        return n.info().childCount() > 0 && (n.children().isEmpty() || depth >= r.walkDepth());
    }

    /**
     * Bottom-up: whether a node stays under the filters (a filter match or an ancestor of one). Under -i an
     * interactive node out of view is left out with its whole subtree (a closed menu's items), and counted.
     */
    private boolean decide(Node n, int depth, boolean underOutOfView) {
        boolean refable = wantsRef(n, request, depth);
        boolean away = request.interactive() && (underOutOfView || refable && !inView(n));
        boolean any = false;
        int awayBelow = away && refable ? 1 : 0;
        for (Node c : n.children()) {
            any |= decide(c, depth + 1, away);
            awayBelow += outOfView.getOrDefault(c, 0);
        }
        boolean self = !away && matchesFilters(n, depth);
        keep.put(n, self || any || depth == 0);
        outOfView.put(n, awayBelow);
        return self || any;
    }

    /** On screen and showing; a node without a Component (no bounds) counts as in view. */
    private static boolean inView(Node n) {
        Bounds b = n.bounds();
        boolean placed = b == null || b.x() != Integer.MIN_VALUE && b.width() > 0 && b.height() > 0;
        return placed && n.info().states().has(States.SHOWING);
    }

    private boolean matchesFilters(Node n, int depth) {
        boolean filtered = request.interactive() || !request.roles().isEmpty() || request.bbox() != null;
        if (!filtered) {
            return true;
        }
        if (request.interactive() && !wantsRef(n, request, depth)) {
            return false;
        }
        if (!request.roles().isEmpty() && !request.roles().contains(ElementRoles.canonical(n.info()))) {
            return false;
        }
        Bounds box = request.bbox();
        return box == null || (n.bounds() != null && n.bounds().intersects(box));
    }

    private Element element(Node n, int depth, List<Integer> path, String parentKey) {
        NodeInfo i = n.info();
        String role = ElementRoles.canonical(i);
        String key = parentKey + "/" + role + ":" + i.name();
        ElementDetails.Detail d = details.get(i.id());
        String ref = null;
        if (wantsRef(n, request, depth)) {
            ref = "e" + (refs.size() + 1);
            refs.put(ref, new RefEntry(ref, i.id(), pid, processStart, i.role(), i.name(), i.description(),
                    List.copyOf(path), root, n.bounds(), boundsReadBy, window));
        }
        List<String> states = i.role() == dev.uictl.atspi.walk.Roles.APPLICATION ? List.of()
                : ElementStates.notable(i.states());
        prints.put(unique(key), new SnapshotDiffer.Print(ref, role, i.name(), d == null ? null : d.value(),
                i.description(), states, key));
        elementCount++;
        List<Element> children = new ArrayList<>();
        int outOfSight = 0;
        Map<String, Integer> seen = new HashMap<>();
        for (int k = 0; k < n.children().size(); k++) {
            Node c = n.children().get(k);
            if (!keep.getOrDefault(c, false)) {
                outOfSight += outOfView.getOrDefault(c, 0);
                continue;
            }
            List<Integer> childPath = new ArrayList<>(path);
            childPath.add(k);
            String childKey = ElementRoles.canonical(c.info()) + ":" + c.info().name();
            int occurrence = seen.merge(childKey, 1, Integer::sum) - 1;
            Element child = element(c, depth + 1, childPath, key + (occurrence == 0 ? "" : "#" + occurrence));
            if (request.interactive() && isWrapper(child)) {
                children.addAll(child.children() == null ? List.of() : child.children());
                outOfSight += child.outOfView() == null ? 0 : child.outOfView();
            } else {
                children.add(child);
            }
        }
        int hidden = Math.max(0, i.childCount() - n.children().size());
        String value = d == null || d.value() == null || d.value().equals(i.name()) ? null : d.value();
        Element e = new Element(ref, role, blank(i.name()), ref == null && value != null && value.isEmpty() ? null
                : value, blank(i.description()),
                states.isEmpty() ? null : states, d == null ? null : d.actions(),
                request.includeBounds() && n.bounds() != null ? rect(n.bounds()) : null,
                hidden > 0 ? hidden : null, outOfSight > 0 ? outOfSight : null, children.isEmpty() ? null : children);
        return request.compact() ? collapse(e) : e;
    }

    private String unique(String key) {
        String k = key;
        for (int n = 1; prints.containsKey(k); n++) {
            k = key + "#" + n;
        }
        return k;
    }

    /** --compact: an unnamed single-child wrapper gives way to its child. */
    private static Element collapse(Element e) {
        return isWrapper(e) && e.outOfView() == null && e.children() != null && e.children().size() == 1
                ? e.children().getFirst() : e;
    }

    /** An unnamed structural container without ref, value, description, states or cut children: no information. */
    private static boolean isWrapper(Element e) {
        return e.refId() == null && e.name() == null && e.value() == null && e.description() == null
                && e.states() == null && e.childrenCount() == null && STRUCTURAL.contains(e.role());
    }

    private static Element.Rect rect(Bounds b) {
        return new Element.Rect(b.x(), b.y(), b.width(), b.height());
    }

    private static String blank(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
