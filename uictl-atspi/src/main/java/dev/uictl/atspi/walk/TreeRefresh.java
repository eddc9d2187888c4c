package dev.uictl.atspi.walk;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.Component;
import dev.uictl.atspi.iface.ObjectRef;
import dev.uictl.atspi.iface.Rect;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Brings a complete walk up to date from what the application reported since ({@link TreeWalker#refresh}): reads
 * again only what changed, and falls back (empty) whenever the result could differ from a new walk.
 */
final class TreeRefresh {
    private final TreeWalker walker;
    private final NodeReader reader;
    private final WalkResult old;
    private final WalkLimits limits;
    private final Budget budget;
    private final Map<AccessibleId, Node> known = new HashMap<>();
    private final Map<AccessibleId, NodeInfo> infos = new HashMap<>();
    private final Map<AccessibleId, List<AccessibleId>> kids = new HashMap<>();
    private final Map<AccessibleId, Node> appeared = new HashMap<>();
    private final Map<AccessibleId, Integer> depths = new HashMap<>();
    private final Set<AccessibleId> placed = new HashSet<>();
    private final Map<AccessibleId, AccessibleId> parents = new HashMap<>();
    private final Map<AccessibleId, Node> rewalked = new HashMap<>();
    private boolean misplaced;
    private Map<AccessibleId, NodeInfo> appCache;

    TreeRefresh(TreeWalker walker, NodeReader reader, WalkResult old, WalkLimits limits, Budget budget) {
        this.walker = walker;
        this.reader = reader;
        this.old = old;
        this.limits = limits;
        this.budget = budget;
    }

    Optional<WalkResult> run(Changes changes) {
        Set<AccessibleId> changed = changes.fields();
        Set<AccessibleId> reparented = changes.children();
        index(old.root(), null, 0);
        try {
            // children first: objects that left the tree (a page switched away) need not be read again
            Map<AccessibleId, CompletableFuture<List<ObjectRef>>> asking = new LinkedHashMap<>();
            for (AccessibleId id : reparented) {
                if (known.containsKey(id) && managingAncestor(id) == null) {
                    asking.put(id, reader.children(id));
                }
            }
            if (!takeChildren(asking)) {
                return Optional.empty();
            }
            Set<AccessibleId> staying = new HashSet<>();
            stillPlaced(old.root(), staying);
            // containers that manage their descendants (tables, trees) add and drop items without reliable
            // events: one still in the tree whose subtree reported anything is walked again whole
            for (AccessibleId id : union(changed, reparented)) {
                AccessibleId container = managingAncestor(id);
                if (container != null && staying.contains(container) && !rewalked.containsKey(container)) {
                    WalkResult sub = walker.walkUncached(container, limits.withMaxDepth(limits.maxDepth()
                            - depths.get(container)), budget);
                    if (!sub.complete() || sub.skipped() > 0) {
                        return Optional.empty();
                    }
                    rewalked.put(container, sub.root());
                }
            }
            Map<AccessibleId, NodeReader.PendingInfo> reading = new LinkedHashMap<>();
            for (AccessibleId id : changed) {
                if (staying.contains(id) && managingAncestor(id) == null) {
                    reading.put(id, reader.start(id));
                }
            }
            Set<AccessibleId> gone = new HashSet<>();
            for (var e : reading.entrySet()) {
                try {
                    infos.put(e.getKey(), e.getValue().await(budget));
                } catch (AtspiException.ObjectGone | AtspiException.CallFailed left) {
                    gone.add(e.getKey()); // fine if its parent reported losing it: checked once assembled
                }
            }
            Map<AccessibleId, CompletableFuture<List<ObjectRef>>> recount = new LinkedHashMap<>();
            infos.forEach((id, info) -> {
                Node was = known.get(id);
                if (info.childCount() != was.children().size() && !was.truncated() && !kids.containsKey(id)) {
                    recount.put(id, reader.children(id));
                }
            });
            if (!takeChildren(recount)) {
                return Optional.empty();
            }
            Node draft = assemble(old.root());
            if (misplaced || gone.stream().anyMatch(placed::contains)) {
                // an object moved to a parent whose old place did not report it, or one went away unreported
                return Optional.empty();
            }
            Map<AccessibleId, Bounds> bounds = new HashMap<>();
            if (limits.bounds()) {
                // first what reported a move or a change (or everything), then inside each that changed place:
                // a widget with its own window carries its children along without their allocations changing,
                // while one that only changed size moved nothing inside it that did not report itself
                Set<AccessibleId> first = new LinkedHashSet<>();
                collect(draft, changes.movedAnywhere(), union(changes.moved(), changed), false, first);
                readBounds(first, bounds);
                Set<AccessibleId> shifted = new HashSet<>();
                for (AccessibleId id : changes.moved()) {
                    Node was = known.get(id);
                    Bounds now = bounds.get(id);
                    if (was != null && now != null && (was.bounds() == null || was.bounds().x() != now.x()
                            || was.bounds().y() != now.y())) {
                        shifted.add(id);
                    }
                }
                Set<AccessibleId> inside = new LinkedHashSet<>();
                collect(draft, false, shifted, true, inside);
                inside.removeAll(bounds.keySet());
                readBounds(inside, bounds);
            }
            Node tree = bounds.isEmpty() ? draft : withBounds(draft, bounds);
            int count = tree.size();
            return count > limits.maxNodes() ? Optional.empty()
                    : Optional.of(new WalkResult(tree, true, count, 0, List.of(), System.nanoTime()));
        } catch (AtspiException.ObjectGone | AtspiException.CallFailed gone) {
            return Optional.empty();
        }
    }

    /**
     * Takes the children {@code asked} of each parent, walking those that appeared (with the application's cache
     * when one has children of its own: a page that appeared is hundreds of objects); false when the result would
     * not be what a walk gives.
     */
    private boolean takeChildren(Map<AccessibleId, CompletableFuture<List<ObjectRef>>> asked) {
        for (var e : asked.entrySet()) {
            List<ObjectRef> refs = AtspiConnection.await(e.getValue(), budget, e.getKey().bus(), "GetChildren");
            List<AccessibleId> ids = refs == null ? List.of() : refs.stream().map(AccessibleId::of).toList();
            kids.put(e.getKey(), ids);
            int below = limits.maxDepth() - depths.get(e.getKey()) - 1;
            for (AccessibleId c : ids) {
                if (!known.containsKey(c) && !appeared.containsKey(c)) {
                    if (below <= 0) {
                        return false;
                    }
                    WalkResult sub = walker.walkAppeared(c, limits.withMaxDepth(below), budget, this::appCache);
                    if (!sub.complete() || sub.skipped() > 0) {
                        return false;
                    }
                    appeared.put(c, sub.root());
                }
            }
        }
        return true;
    }

    /** The application's cached objects, asked once per refresh and only when a subtree worth it appeared. */
    private Map<AccessibleId, NodeInfo> appCache() {
        if (appCache == null) {
            appCache = walker.cached(old.root().info().id().bus(), budget);
        }
        return appCache;
    }

    /** The known objects still in the tree once the children asked again replace the old ones. */
    private void stillPlaced(Node n, Set<AccessibleId> out) {
        AccessibleId id = n.info().id();
        if (!out.add(id) || rewalked.containsKey(id)) {
            return;
        }
        List<AccessibleId> order = kids.containsKey(id) ? kids.get(id)
                : n.children().stream().map(c -> c.info().id()).toList();
        for (AccessibleId c : order) {
            Node was = known.get(c);
            if (was != null) {
                stillPlaced(was, out);
            }
        }
    }

    private void index(Node n, AccessibleId parent, int depth) {
        known.put(n.info().id(), n);
        depths.put(n.info().id(), depth);
        if (parent != null) {
            parents.put(n.info().id(), parent);
        }
        n.children().forEach(c -> index(c, n.info().id(), depth + 1));
    }

    /** The nearest object at or above {@code id} that manages its descendants; null when none. */
    private AccessibleId managingAncestor(AccessibleId id) {
        for (AccessibleId at = id; at != null; at = parents.get(at)) {
            Node n = known.get(at);
            if (n != null && n.info().states().has(States.MANAGES_DESCENDANTS)) {
                return at;
            }
        }
        return null;
    }

    private static Set<AccessibleId> union(Set<AccessibleId> a, Set<AccessibleId> b) {
        Set<AccessibleId> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return all;
    }

    private Node assemble(Node n) {
        AccessibleId id = n.info().id();
        misplaced |= !placed.add(id);
        Node fresh = rewalked.get(id);
        if (fresh != null) {
            return fresh;
        }
        NodeInfo info = infos.getOrDefault(id, n.info());
        List<AccessibleId> order = kids.containsKey(id) ? kids.get(id)
                : n.children().stream().map(c -> c.info().id()).toList();
        List<Node> children = new ArrayList<>();
        for (AccessibleId c : order) {
            Node was = known.get(c);
            Node now = was != null ? assemble(was) : appeared.get(c);
            if (now != null) {
                children.add(now);
            }
        }
        return new Node(info, n.bounds(), children, n.truncated());
    }

    /**
     * Collects the nodes with a Component in {@code marked} (all of them when {@code all}), and with {@code subtrees}
     * everything inside them too. Subtrees walked again already have fresh bounds.
     */
    private void collect(Node n, boolean all, Set<AccessibleId> marked, boolean subtrees, Set<AccessibleId> out) {
        AccessibleId id = n.info().id();
        if (rewalked.containsKey(id) || appeared.containsKey(id)) {
            return;
        }
        boolean ask = all || marked.contains(id);
        if (ask && n.info().implementsInterface(Component.NAME)) {
            out.add(id);
        }
        boolean below = all || subtrees && ask;
        n.children().forEach(c -> collect(c, below, marked, subtrees, out));
    }

    /** Reads the extents of {@code ids}, all requests in flight at once, into {@code out}. */
    private void readBounds(Set<AccessibleId> ids, Map<AccessibleId, Bounds> out) {
        Map<AccessibleId, CompletableFuture<Rect>> asked = new LinkedHashMap<>();
        ids.forEach(id -> asked.put(id, reader.extents(id)));
        for (var e : asked.entrySet()) {
            out.put(e.getKey(), Bounds.of(AtspiConnection.await(e.getValue(), budget, e.getKey().bus(),
                    "GetExtents")));
        }
    }

    private Node withBounds(Node n, Map<AccessibleId, Bounds> bounds) {
        List<Node> children = new ArrayList<>();
        n.children().forEach(c -> children.add(withBounds(c, bounds)));
        return new Node(n.info(), bounds.getOrDefault(n.info().id(), n.bounds()), children, n.truncated());
    }
}
