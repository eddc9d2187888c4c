package dev.uictl.atspi.walk;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.Accessible;
import dev.uictl.atspi.iface.Component;
import dev.uictl.atspi.iface.ObjectRef;
import dev.uictl.atspi.iface.Rect;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Walks the subtree under one accessible fast: one {@code Cache.GetItems} call gives what most nodes say about
 * themselves; level by level, every parent is asked for its children (the cache's indexes do not give the order
 * {@code GetChildAtIndex} has, measured on gtk3-demo) and only children the cache lacks ({@code manages-descendants}
 * containers' items, lazily built menus) are read, all pipelined. Bounds
 * are read for every node with a Component, pipelined. Limits stop the walk with {@code complete:false}; every wait
 * is bounded by the budget, so a hung application fails with {@link AtspiException.Unresponsive}, never a hang.
 */
public final class TreeWalker {
    private final NodeReader reader;

    public TreeWalker(NodeReader reader) {
        this.reader = reader;
    }

    public WalkResult walk(AccessibleId root, WalkLimits limits, Budget budget) {
        return new Walk(root, limits, budget, top -> cached(root.bus(), budget)).run();
    }

    /**
     * {@code old} (a complete walk) brought up to date after the application reported {@code changes}: those objects'
     * own fields are read again, the children of those whose children changed are asked again (subtrees that
     * appeared are walked, those that left are dropped), a container managing its descendants in which anything
     * changed is walked again whole, and bounds are read again inside whatever moved, or everywhere when anything
     * may have moved anywhere. Empty when the result would not be what a walk gives (an object went away meanwhile,
     * a limit would be reached): then walk.
     */
    public Optional<WalkResult> refresh(WalkResult old, Changes changes, WalkLimits limits, Budget budget) {
        return old.complete() ? new TreeRefresh(this, reader, old, limits, budget).run(changes) : Optional.empty();
    }

    /** A walk of a subtree read node by node (no cache call: for a few nodes it would cost more than it saves). */
    WalkResult walkUncached(AccessibleId root, WalkLimits limits, Budget budget) {
        return new Walk(root, limits, budget, top -> Map.of()).run();
    }

    /**
     * A walk of a subtree that appeared: a lone leaf is read by itself, anything with children with the
     * application's {@code cache} (asked once by the caller for all such subtrees).
     */
    WalkResult walkAppeared(AccessibleId root, WalkLimits limits, Budget budget,
                            Supplier<Map<AccessibleId, NodeInfo>> cache) {
        return new Walk(root, limits, budget, top -> top.childCount() == 0 ? Map.of() : cache.get()).run();
    }

    /** The application's cached objects by id (one {@code Cache.GetItems} call). */
    Map<AccessibleId, NodeInfo> cached(String appBus, Budget budget) {
        Map<AccessibleId, NodeInfo> out = new HashMap<>();
        reader.cached(appBus, budget).forEach(n -> out.put(n.id(), n));
        return out;
    }

    private final class Walk {
        private final AccessibleId root;
        private final WalkLimits limits;
        private final Budget budget;
        private final Map<AccessibleId, NodeInfo> cache = new HashMap<>();
        private final Map<AccessibleId, NodeInfo> infos = new LinkedHashMap<>();
        private final Map<AccessibleId, List<AccessibleId>> kids = new HashMap<>();
        private final Map<AccessibleId, Boolean> truncated = new HashMap<>();
        private final Map<AccessibleId, CompletableFuture<List<ObjectRef>>> prefetched = new HashMap<>();
        private final List<String> warnings = new ArrayList<>();
        /** Parents that listed the null object among their children, and how many times. */
        private final Map<AccessibleId, Integer> unbuilt = new LinkedHashMap<>();
        private boolean complete = true;
        private int skipped;

        private final Function<NodeInfo, Map<AccessibleId, NodeInfo>> cacheFor;

        /**
         * {@code cacheFor}: given the root, what the application's cache says about the objects (the whole cache
         * in one call is worth it for more than a few nodes; empty to read node by node).
         */
        Walk(AccessibleId root, WalkLimits limits, Budget budget,
             Function<NodeInfo, Map<AccessibleId, NodeInfo>> cacheFor) {
            this.root = root;
            this.limits = limits;
            this.budget = budget;
            this.cacheFor = cacheFor;
        }

        WalkResult run() {
            // the root is read live: GTK 4's cache says its application root has no children
            NodeInfo top = reader.read(root, budget);
            cache.putAll(cacheFor.apply(top));
            prefetchChildren();
            infos.put(root, top);
            List<AccessibleId> level = List.of(root);
            for (int depth = 0; !level.isEmpty(); depth++) {
                if (depth >= limits.maxDepth()) {
                    level.forEach(id -> truncated.put(id, infos.get(id).childCount() > 0));
                    break;
                }
                level = expand(level);
            }
            unbuilt.forEach((parent, n) -> warnings.add(n + (n == 1 ? " child" : " children") + " of the "
                    + infos.get(parent).roleName() + " '" + infos.get(parent).name() + "' answered as the null object:"
                    + " the application has not built them (Chromium and Electron build web content only when"
                    + " started with --force-renderer-accessibility)"));
            Map<AccessibleId, Bounds> bounds = limits.bounds() ? readBounds() : Map.of();
            Node tree = assemble(root, bounds);
            return new WalkResult(tree, complete, infos.size(), skipped, warnings, System.nanoTime());
        }

        /** Children of every parent on one level, in order; returns the next level. */
        private List<AccessibleId> expand(List<AccessibleId> level) {
            fixUnknownChildCounts(level);
            Map<AccessibleId, CompletableFuture<List<ObjectRef>>> asked = new LinkedHashMap<>();
            Map<AccessibleId, List<CompletableFuture<ObjectRef>>> askedByIndex = new LinkedHashMap<>();
            Map<AccessibleId, List<AccessibleId>> found = new LinkedHashMap<>();
            for (AccessibleId p : level) {
                NodeInfo info = infos.get(p);
                int count = info.childCount();
                CompletableFuture<List<ObjectRef>> early = prefetched.remove(p);
                if (count <= 0) {
                    continue;
                }
                if (early != null) {
                    asked.put(p, early);
                } else if (count > limits.maxChildren()) {
                    List<CompletableFuture<ObjectRef>> first = new ArrayList<>();
                    for (int i = 0; i < limits.maxChildren(); i++) {
                        first.add(reader.childAt(p, i));
                    }
                    askedByIndex.put(p, first);
                    truncated.put(p, true);
                    complete = false;
                    warnings.add(info.roleName() + " " + p + " has " + count + " children; read the first "
                            + limits.maxChildren());
                } else {
                    asked.put(p, reader.children(p));
                }
            }
            for (var e : asked.entrySet()) {
                List<ObjectRef> refs = awaitChildren(e.getKey(), e.getValue());
                found.put(e.getKey(), refs.stream().map(AccessibleId::of).toList());
            }
            for (var e : askedByIndex.entrySet()) {
                List<AccessibleId> ids = new ArrayList<>();
                for (CompletableFuture<ObjectRef> f : e.getValue()) {
                    ObjectRef r = awaitChild(e.getKey(), f);
                    if (r != null) {
                        ids.add(AccessibleId.of(r));
                    }
                }
                found.put(e.getKey(), ids);
            }
            readMissing(found);
            List<AccessibleId> next = new ArrayList<>();
            for (AccessibleId p : level) {
                List<AccessibleId> children = found.getOrDefault(p, List.of());
                List<AccessibleId> kept = new ArrayList<>();
                for (AccessibleId c : children) {
                    if (!infos.containsKey(c)) {
                        continue; // vanished while we read it
                    }
                    kept.add(c);
                }
                kids.put(p, kept);
                next.addAll(kept);
            }
            return next;
        }

        /**
         * Asks, in one pipelined batch, every cached parent inside the walk's reach for its children, so a deep tree
         * costs one round of waiting instead of one per level; levels then only wait for what the cache lacked.
         */
        private void prefetchChildren() {
            Map<AccessibleId, Integer> depths = new HashMap<>();
            for (NodeInfo n : cache.values()) {
                int d = depthBelowRoot(n.id(), depths);
                if (d >= 0 && d < limits.maxDepth() && n.childCount() > 0 && n.childCount() <= limits.maxChildren()
                        && !n.states().has(States.MANAGES_DESCENDANTS)) {
                    prefetched.put(n.id(), reader.children(n.id()));
                }
            }
        }

        /** Levels from the root by the cache's parent links; -1 when the node is not under the root. */
        private int depthBelowRoot(AccessibleId id, Map<AccessibleId, Integer> memo) {
            List<AccessibleId> chain = new ArrayList<>();
            AccessibleId at = id;
            int found = -1;
            while (chain.size() <= limits.maxDepth()) {
                if (at.equals(root)) {
                    found = 0;
                    break;
                }
                Integer known = memo.get(at);
                if (known != null) {
                    found = known;
                    break;
                }
                NodeInfo n = cache.get(at);
                if (n == null) {
                    break;
                }
                chain.add(at);
                at = n.parent();
            }
            for (int i = chain.size() - 1; i >= 0; i--) {
                int d = found < 0 ? -1 : found + (chain.size() - i);
                memo.put(chain.get(i), d);
            }
            return memo.getOrDefault(id, found);
        }

        /** The cache gives -1 for children it has not counted (GTK's lazily built menus and lists): ask. */
        private void fixUnknownChildCounts(List<AccessibleId> level) {
            Map<AccessibleId, CompletableFuture<Integer>> asked = new LinkedHashMap<>();
            for (AccessibleId id : level) {
                if (infos.get(id).childCount() < 0) {
                    asked.put(id, reader.connection().property(id, Accessible.NAME, "ChildCount"));
                }
            }
            for (var e : asked.entrySet()) {
                NodeInfo i = infos.get(e.getKey());
                int count;
                try {
                    Integer n = AtspiConnection.await(e.getValue(), budget, e.getKey().bus(), "Get ChildCount");
                    count = n == null ? 0 : n;
                } catch (AtspiException.ObjectGone | AtspiException.CallFailed gone) {
                    count = 0;
                }
                infos.put(e.getKey(), new NodeInfo(i.id(), i.parent(), i.indexInParent(), count, i.interfaces(),
                        i.name(), i.role(), i.description(), i.states()));
            }
        }

        /** Reads children the cache lacks; stops admitting nodes at the node budget. */
        private void readMissing(Map<AccessibleId, List<AccessibleId>> found) {
            Map<AccessibleId, NodeReader.PendingInfo> pending = new LinkedHashMap<>();
            for (var e : found.entrySet()) {
                List<AccessibleId> siblings = e.getValue();
                for (int k = 0; k < siblings.size(); k++) {
                    AccessibleId c = siblings.get(k);
                    if (infos.size() + pending.size() >= limits.maxNodes()) {
                        truncated.put(e.getKey(), true);
                        complete = false;
                        break;
                    }
                    if (c.isNull()) {
                        unbuilt.merge(e.getKey(), 1, Integer::sum);
                        continue;
                    }
                    if (infos.containsKey(c) || pending.containsKey(c)) {
                        continue;
                    }
                    NodeInfo hit = cache.get(c);
                    if (hit != null) {
                        infos.put(c, hit);
                    } else {
                        pending.put(c, reader.start(c, e.getKey(), k));
                    }
                }
            }
            for (var e : pending.entrySet()) {
                try {
                    infos.put(e.getKey(), e.getValue().await(budget));
                } catch (AtspiException.ObjectGone | AtspiException.CallFailed gone) {
                    skipped++;
                }
            }
        }

        private List<ObjectRef> awaitChildren(AccessibleId parent, CompletableFuture<List<ObjectRef>> f) {
            try {
                List<ObjectRef> refs = AtspiConnection.await(f, budget, parent.bus(), "GetChildren");
                return refs == null ? List.of() : refs;
            } catch (AtspiException.ObjectGone | AtspiException.CallFailed gone) {
                skipped++;
                return List.of();
            }
        }

        private ObjectRef awaitChild(AccessibleId parent, CompletableFuture<ObjectRef> f) {
            try {
                return AtspiConnection.await(f, budget, parent.bus(), "GetChildAtIndex");
            } catch (AtspiException.ObjectGone | AtspiException.CallFailed gone) {
                skipped++;
                return null;
            }
        }

        private Map<AccessibleId, Bounds> readBounds() {
            Map<AccessibleId, CompletableFuture<Rect>> asked = new LinkedHashMap<>();
            for (NodeInfo n : infos.values()) {
                if (n.implementsInterface(Component.NAME)) {
                    asked.put(n.id(), reader.extents(n.id()));
                }
            }
            Map<AccessibleId, Bounds> out = new HashMap<>();
            for (var e : asked.entrySet()) {
                try {
                    Rect r = AtspiConnection.await(e.getValue(), budget, e.getKey().bus(), "GetExtents");
                    out.put(e.getKey(), Bounds.of(r));
                } catch (AtspiException.ObjectGone | AtspiException.CallFailed gone) {
                    // no bounds for an object that went away
                }
            }
            return out;
        }

        private Node assemble(AccessibleId id, Map<AccessibleId, Bounds> bounds) {
            List<Node> children = new ArrayList<>();
            for (AccessibleId c : kids.getOrDefault(id, List.of())) {
                children.add(assemble(c, bounds));
            }
            return new Node(infos.get(id), bounds.get(id), children, truncated.getOrDefault(id, false));
        }
    }
}
