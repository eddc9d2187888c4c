package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.Rect;
import dev.uictl.atspi.walk.Bounds;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.atspi.walk.Node;
import dev.uictl.atspi.walk.NodeInfo;
import dev.uictl.atspi.walk.NodeReader;
import dev.uictl.atspi.walk.States;
import dev.uictl.atspi.walk.WalkLimits;
import dev.uictl.atspi.walk.WalkResult;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Resolves an element target (ref, qualified ref or query, see {@link ElementTarget}) to one live element. A ref
 * uses its stored object while that is alive and still the same element; otherwise it is re-identified from its
 * evidence (same process instance, role, name/description, else index path; bounds to break ties), never from
 * values of editable controls. No candidate is {@code STALE_REF}, several {@code SELECTOR_AMBIGUOUS} with every
 * candidate; it never guesses. Element actions call {@link #resolve} before acting (and again to verify).
 */
public final class ElementResolver {
    private final AccessibilityConnections connections;
    private final SnapshotStore store;
    private final ScopeResolver scopes;
    private final WalkMemo walks;

    ElementResolver(AccessibilityConnections connections, SnapshotStore store, WindowDirectory windows,
                    WalkMemo walks) {
        this.connections = connections;
        this.store = store;
        this.scopes = new ScopeResolver(windows);
        this.walks = walks;
    }

    /** The one live element {@code target} names. */
    public ResolvedElement resolve(CallContext ctx, String target) {
        ElementTarget t = ElementTarget.parse(target);
        AtspiConnection bus = connections.connection(ctx);
        try {
            return switch (t) {
                case ElementTarget.Ref r -> byRef(bus, ctx, r);
                case ElementTarget.Query q -> one(target, q.query(), matches(bus, ctx, q));
            };
        } catch (AtspiException e) {
            throw AccessibilityErrors.map(e);
        }
    }

    /** Every element a query matches, in document order (for {@code find}); refs resolve to one. */
    public Matches findAll(CallContext ctx, String target) {
        ElementTarget t = ElementTarget.parse(target);
        AtspiConnection bus = connections.connection(ctx);
        try {
            return switch (t) {
                case ElementTarget.Ref r -> {
                    ResolvedElement e = byRef(bus, ctx, r);
                    yield new Matches(List.of(new Match(e.info(), e.bounds(), e.pid(), List.of(), e.id(),
                            System.nanoTime())), List.of());
                }
                case ElementTarget.Query q -> {
                    Matches all = matches(bus, ctx, q);
                    Integer nth = q.query().nth();
                    yield nth == null ? all : new Matches(nth <= all.found().size()
                            ? List.of(all.found().get(nth - 1)) : List.of(), all.silent());
                }
            };
        } catch (AtspiException e) {
            throw AccessibilityErrors.map(e);
        }
    }

    /**
     * One element a query found: what it says, its bounds, its process and its index path from the scope root; all
     * read at or before {@code readBy} ({@link System#nanoTime()}).
     */
    public record Match(NodeInfo info, Bounds bounds, long pid, List<Integer> path, AccessibleId root, long readBy) {
    }

    /**
     * What a query found, and the applications that did not answer while it searched (only an unscoped query
     * searches past a silent one): their elements are neither among the matches nor known to be absent.
     */
    public record Matches(List<Match> found, List<Desktop.App> silent) {
    }

    private ResolvedElement byRef(AtspiConnection bus, CallContext ctx, ElementTarget.Ref r) {
        StoredSnapshot snap = store.get(ctx.session(), r.snapshotId());
        RefEntry entry = snap.refs().get(r.ref());
        String qualified = "@" + snap.id() + ":" + r.ref();
        if (entry == null) {
            Optional<String> earlier = r.snapshotId() == null ? store.earlierWith(ctx.session(), r.ref())
                    : Optional.empty();
            throw UictlException.of(ErrorCode.ELEMENT_NOT_FOUND, "snapshot " + snap.id() + " has no ref " + r.ref())
                    .withHint(earlier.map(id -> "@" + r.ref() + " names a ref of the latest snapshot (" + snap.id()
                            + "); the one handed out by snapshot " + id + " is `@" + id + ":" + r.ref() + "`.")
                            .orElse("Use a ref the snapshot listed; run `uictl snapshot -i` to see them."))
                    .withDetail("ref", qualified).withDetail("ref_count", snap.refs().size());
        }
        if (!sameProcess(entry)) {
            throw stale(qualified, "its application (pid " + entry.pid() + ") is no longer running");
        }
        Budget budget = Budgets.of(ctx);
        NodeReader reader = new NodeReader(bus);
        try {
            // the extents are asked with the rest, before knowing whether it has a Component (one round trip)
            NodeReader.PendingInfo asked = reader.start(entry.id());
            CompletableFuture<Rect> extents = reader.extents(entry.id());
            NodeInfo live = asked.await(budget);
            if (sameElement(entry, live)) {
                return new ResolvedElement(entry.id(), live, boundsOrNull(live, extents, budget), entry.pid(),
                        qualified, "ref", ResolvedElement.earlier(entry.bounds(), entry.boundsReadBy()));
            }
        } catch (AtspiException.ObjectGone | AtspiException.CallFailed gone) {
            // re-identify below
        }
        return reidentify(bus, ctx, entry, qualified);
    }

    private static boolean sameProcess(RefEntry e) {
        Optional<ProcessHandle> p = ProcessHandle.of(e.pid());
        return p.isPresent() && p.get().isAlive() && processStart(p.get()) == e.processStart();
    }

    static long processStart(ProcessHandle p) {
        return p.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L);
    }

    /**
     * Roles whose name may be their value (GTK names a combo box after its selection): their name is no evidence,
     * so editing or selecting never stales their ref.
     */
    private static final java.util.Set<String> MUTABLE = java.util.Set.of("textfield", "combobox", "spinbutton",
            "slider");

    private static boolean nameIsEvidence(RefEntry e) {
        return !MUTABLE.contains(ElementRoles.canonical(e.role())) && !e.name().isEmpty();
    }

    private static boolean sameElement(RefEntry e, NodeInfo live) {
        return !live.states().has(States.DEFUNCT) && live.role() == e.role()
                && (!nameIsEvidence(e) || live.name().equals(e.name()));
    }

    private ResolvedElement reidentify(AtspiConnection bus, CallContext ctx, RefEntry entry, String qualified) {
        Budget budget = Budgets.of(ctx);
        AccessibleId root = entry.root();
        WalkResult tree;
        try {
            tree = walks.walk(bus, WalkMemo.appRoot(root), root, WalkLimits.DEFAULT, budget).walk();
        } catch (AtspiException.ObjectGone | AtspiException.CallFailed gone) {
            throw stale(qualified, "its window is gone");
        }
        List<Match> all = new ArrayList<>();
        flatten(tree, entry.pid(), root, all);
        boolean byName = nameIsEvidence(entry);
        boolean byDescription = !entry.description().isEmpty();
        List<Match> candidates = all.stream().filter(m -> m.info().role() == entry.role())
                .filter(m -> byName || byDescription
                        ? (!byName || m.info().name().equals(entry.name()))
                        && m.info().description().equals(entry.description())
                        : m.path().equals(entry.path()))
                .toList();
        if (candidates.size() > 1) {
            List<Match> sameBox = candidates.stream()
                    .filter(m -> java.util.Objects.equals(m.bounds(), entry.bounds())).toList();
            if (sameBox.size() == 1) {
                candidates = sameBox;
            }
        }
        if (candidates.isEmpty()) {
            throw stale(qualified, "no element with its role and name is left in its window");
        }
        if (candidates.size() > 1) {
            throw ambiguous(qualified, candidates);
        }
        Match m = candidates.getFirst();
        return new ResolvedElement(m.info().id(), m.info(), m.bounds(), entry.pid(), qualified, "reidentified",
                ResolvedElement.earlier(m.bounds(), m.readBy()));
    }

    private Matches matches(AtspiConnection bus, CallContext ctx, ElementTarget.Query q) {
        Budget budget = Budgets.of(ctx);
        List<Scope> scopesToSearch = new ArrayList<>();
        List<Desktop.App> silent = new ArrayList<>();
        if (q.windowSelector() != null) {
            scopesToSearch.add(scopes.byWindow(bus, ctx, q.windowSelector()));
        } else {
            AnsweringApps apps = AnsweringApps.ask(bus, budget);
            silent.addAll(apps.silent());
            for (Desktop.App app : apps.windows().keySet()) {
                scopesToSearch.add(new Scope(app, app.root(), null));
            }
        }
        List<Match> out = new ArrayList<>();
        for (Scope s : scopesToSearch) {
            WalkResult tree;
            try {
                tree = walks.walk(bus, s.app().root(), s.root(), WalkLimits.DEFAULT, budget).walk();
            } catch (AtspiException.Unresponsive hung) {
                if (q.windowSelector() != null) {
                    throw hung;
                }
                if (hung.waitedMillis() < AnsweringApps.PER_APP.toMillis()) {
                    // the caller's time ended during the walk: no evidence against the application
                    throw new AtspiException.OutOfTime(hung.bus(), "the walk of its tree");
                }
                silent.add(s.app()); // it stopped answering after its windows were listed
                continue;
            } catch (AtspiException.ObjectGone departed) {
                if (q.windowSelector() != null) {
                    throw departed;
                }
                continue;
            }
            List<Match> flat = new ArrayList<>();
            flatten(tree, s.app().pid(), s.root(), flat);
            Map<AccessibleId, String> values = q.query().needsValues() ? values(bus, flat, budget) : Map.of();
            Map<AccessibleId, String> ids = q.query().accessibleId() != null ? accessibleIds(bus, flat, budget)
                    : Map.of();
            for (Match m : q.query().label() == null ? flat : LabelledFields.of(flat, q.query().label())) {
                if (QueryMatcher.matches(q.query(), m.info(), values.get(m.info().id()), ids.get(m.info().id()))) {
                    out.add(m);
                }
            }
        }
        return new Matches(List.copyOf(out), List.copyOf(silent));
    }

    private static Map<AccessibleId, String> values(AtspiConnection bus, List<Match> flat, Budget budget) {
        Map<AccessibleId, String> out = new LinkedHashMap<>();
        ElementDetails.read(bus, flat.stream().map(Match::info).toList(), budget)
                .forEach((id, d) -> out.put(id, d.value()));
        return out;
    }

    private static Map<AccessibleId, String> accessibleIds(AtspiConnection bus, List<Match> flat, Budget budget) {
        Map<AccessibleId, java.util.concurrent.CompletableFuture<String>> asked = new LinkedHashMap<>();
        for (Match m : flat) {
            asked.put(m.info().id(), bus.property(m.info().id(), dev.uictl.atspi.iface.Accessible.NAME,
                    "AccessibleId"));
        }
        Map<AccessibleId, String> out = new LinkedHashMap<>();
        for (var e : asked.entrySet()) {
            try {
                out.put(e.getKey(), AtspiConnection.await(e.getValue(), budget, e.getKey().bus(), "AccessibleId"));
            } catch (AtspiException.ObjectGone | AtspiException.CallFailed none) {
                // older bridges lack the property
            }
        }
        return out;
    }

    private ResolvedElement one(String target, ElementTarget.ElementQuery q, Matches matches) {
        List<Match> all = matches.found();
        List<Match> picked = q.nth() == null ? all : q.nth() <= all.size() ? List.of(all.get(q.nth() - 1)) : List.of();
        if (picked.isEmpty() && !matches.silent().isEmpty()) {
            throw AccessibilityErrors.silentApps(target, all.size(), matches.silent());
        }
        if (picked.isEmpty()) {
            throw UictlException.of(ErrorCode.ELEMENT_NOT_FOUND, all.isEmpty()
                            ? "no element matches '" + target + "'"
                            : "only " + all.size() + " elements match '" + target + "', no nth=" + q.nth())
                    .withHint("Run `uictl snapshot -i` to see the elements, or `uictl find` to try a query.")
                    .withDetail("selector", target).withDetail("matches", all.size());
        }
        if (picked.size() > 1) {
            throw ambiguous(target, picked);
        }
        Match m = picked.getFirst();
        return new ResolvedElement(m.info().id(), m.info(), m.bounds(), m.pid(), null, "query",
                ResolvedElement.earlier(m.bounds(), m.readBy()));
    }

    /** Every node of {@code walk} as a match, in document order. */
    static void flatten(WalkResult walk, long pid, AccessibleId root, List<Match> out) {
        flatten(walk.root(), new ArrayList<>(), pid, root, walk.readByNanos(), out);
    }

    private static void flatten(Node n, List<Integer> path, long pid, AccessibleId root, long readBy,
                                List<Match> out) {
        out.add(new Match(n.info(), n.bounds(), pid, List.copyOf(path), root, readBy));
        for (int i = 0; i < n.children().size(); i++) {
            path.add(i);
            flatten(n.children().get(i), path, pid, root, readBy, out);
            path.removeLast();
        }
    }

    private static Bounds boundsOrNull(NodeInfo n, CompletableFuture<Rect> extents, Budget budget) {
        if (!n.implementsInterface(dev.uictl.atspi.iface.Component.NAME)) {
            return null;
        }
        try {
            return Bounds.of(AtspiConnection.await(extents, budget, n.id().bus(), "GetExtents"));
        } catch (AtspiException.ObjectGone | AtspiException.CallFailed e) {
            return null;
        }
    }

    private static UictlException stale(String ref, String why) {
        return UictlException.of(ErrorCode.STALE_REF, "ref " + ref + " is stale: " + why)
                .withHint("Run `uictl snapshot -i` again and use the new refs.").withDetail("ref", ref);
    }

    static UictlException ambiguous(String target, List<Match> candidates) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Match m : candidates) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("role", ElementRoles.canonical(m.info()));
            c.put("name", m.info().name());
            c.put("pid", m.pid());
            c.put("path", m.path());
            if (m.bounds() != null) {
                c.put("bounds", List.of(m.bounds().x(), m.bounds().y(), m.bounds().width(), m.bounds().height()));
            }
            list.add(c);
        }
        return UictlException.of(ErrorCode.SELECTOR_AMBIGUOUS, candidates.size() + " elements match '" + target + "'")
                .withHint("Add terms (role=, name=, states=) or pick one with nth=N (1-based), or scope with "
                        + "`WINDOW >> QUERY`.")
                .withDetail("selector", target).withDetail("mode", "element").withDetail("candidates", list);
    }
}
