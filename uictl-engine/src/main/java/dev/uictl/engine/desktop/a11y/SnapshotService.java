package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.atspi.walk.NodeInfo;
import dev.uictl.atspi.walk.WalkLimits;
import dev.uictl.atspi.walk.WalkResult;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.model.Window;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Accessibility snapshots (SPEC §4.3): resolves the scope, walks it, shapes the tree, hands out refs and keeps the
 * ref map per session; {@code since} answers with a diff against an earlier snapshot of the session instead.
 */
public final class SnapshotService {
    private final AccessibilityConnections connections;
    private final SnapshotStore store;
    private final WindowDirectory windows;
    private final ElementResolver resolver;
    private final ScopeResolver scopes;
    private final WalkMemo memo;

    public SnapshotService(AccessibilityConnections connections, WindowDirectory windows) {
        this.connections = connections;
        this.store = new SnapshotStore();
        this.memo = new WalkMemo();
        this.windows = windows;
        this.resolver = new ElementResolver(connections, store, windows, memo);
        this.scopes = new ScopeResolver(windows);
    }

    /** Resolves element targets against this service's snapshots; what element actions use. */
    public ElementResolver resolver() {
        return resolver;
    }

    SnapshotStore store() {
        return store;
    }

    public AccessibilityConnections connections() {
        return connections;
    }

    public Snapshot snapshot(CallContext ctx, SnapshotRequest r) {
        StoredSnapshot previous = r.since() == null ? null : store.get(ctx.session(), r.since());
        AtspiConnection bus = connections.connection(ctx);
        try {
            Scope scope = scope(bus, ctx, r);
            Budget budget = Budgets.of(ctx);
            WalkLimits limits = new WalkLimits(r.maxNodes(), r.walkDepth(), WalkLimits.DEFAULT.maxChildren(), true);
            WalkMemo.Walked walked = memo.walk(bus, scope.app().root(), scope.root(), limits, budget);
            WalkResult walk = walked.walk();
            Window w = scope.window();
            long start = ProcessHandle.of(scope.app().pid()).map(ElementResolver::processStart).orElse(0L);
            SnapshotBuilder b = new SnapshotBuilder(r, scope.app().pid(), start,
                    w == null ? null : new RefEntry.WindowLink(w.windowId(), w.title()), scope.root(),
                    walk.readByNanos());
            List<NodeInfo> candidates = b.detailsWanted(walk.root());
            var details = details(bus, candidates, walked.details(), budget);
            memo.remember(bus, scope.root(), limits, walked.witness(), walk, details);
            Element tree = b.build(walk.root(), details);
            String id = store.nextId();
            store.put(ctx.session(), new StoredSnapshot(id, scope.root(), scope.app().pid(), Map.copyOf(b.refs),
                    Map.copyOf(b.prints)), true);
            SnapshotDiff diff = previous == null ? null : SnapshotDiffer.diff(previous, b.prints, previous.id());
            List<Snapshot.SnapshotWindow> all = unscoped(r) ? windowList(bus, ctx) : null;
            return new Snapshot(id, scope.app().name(), scope.app().pid(), w == null ? null
                    : new Snapshot.SnapshotWindow(w.refId(), w.windowId(), w.title(), w.appName(), w.pid(), true),
                    b.refs.size(), b.elementCount, walk.complete(), diff != null || r.shortKeys() ? null : tree,
                    diff == null && r.shortKeys() ? ShortElement.of(tree) : null, all, null, diff,
                    walk.warnings().isEmpty() ? null : List.copyOf(walk.warnings()));
        } catch (AtspiException e) {
            throw AccessibilityErrors.map(e);
        }
    }

    /** The candidates' details, reading only those not {@code known} already. */
    private static Map<AccessibleId, ElementDetails.Detail> details(AtspiConnection bus, List<NodeInfo> candidates,
                                                                    Map<AccessibleId, ElementDetails.Detail> known,
                                                                    Budget budget) {
        List<NodeInfo> missing = candidates.stream().filter(n -> !known.containsKey(n.id())).toList();
        if (missing.isEmpty()) {
            return known;
        }
        Map<AccessibleId, ElementDetails.Detail> all = new HashMap<>(known);
        all.putAll(ElementDetails.read(bus, missing, budget));
        return all;
    }

    private static boolean unscoped(SnapshotRequest r) {
        return r.app() == null && r.window() == null && r.pid() == null && r.root() == null;
    }

    private Scope scope(AtspiConnection bus, CallContext ctx, SnapshotRequest r) {
        if (r.app() != null) {
            return scopes.byApp(bus, ctx, r.app());
        }
        if (r.pid() != null) {
            return scopes.byPid(bus, ctx, r.pid());
        }
        if (r.window() != null) {
            return scopes.byWindow(bus, ctx, r.window());
        }
        if (r.root() != null) {
            ResolvedElement e = resolver.resolve(ctx, r.root());
            Desktop.App app = new Desktop(bus).applications(Budgets.of(ctx)).stream()
                    .filter(a -> a.pid() == e.pid()).findFirst()
                    .orElseThrow(() -> UictlException.of(ErrorCode.STALE_REF,
                            "the application of " + r.root() + " is gone"));
            return new Scope(app, e.id(), null);
        }
        return scopes.focused(bus, ctx);
    }

    /** Every X window, saying which ones have an accessibility tree (matched by pid, title and geometry). */
    private List<Snapshot.SnapshotWindow> windowList(AtspiConnection bus, CallContext ctx) {
        List<Window> xs = windows.windows(ctx);
        List<TopLevel> tops = TopLevels.of(bus, new Desktop(bus).applications(Budgets.of(ctx)), Budgets.of(ctx));
        List<Snapshot.SnapshotWindow> out = new ArrayList<>();
        for (Window w : xs) {
            Optional<TopLevel> t = TopLevels.match(w, tops);
            out.add(new Snapshot.SnapshotWindow(w.refId(), w.windowId(), w.title(), w.appName(), w.pid(),
                    t.isPresent()));
        }
        return out;
    }
}
