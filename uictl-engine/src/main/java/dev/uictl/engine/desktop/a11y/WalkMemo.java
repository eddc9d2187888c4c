package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.bus.ChangeCounter;
import dev.uictl.atspi.iface.ObjectRef;
import dev.uictl.atspi.iface.Rect;
import dev.uictl.atspi.walk.Bounds;
import dev.uictl.atspi.walk.Changes;
import dev.uictl.atspi.walk.Node;
import dev.uictl.atspi.walk.NodeInfo;
import dev.uictl.atspi.walk.NodeReader;
import dev.uictl.atspi.walk.States;
import dev.uictl.atspi.walk.TreeWalker;
import dev.uictl.atspi.walk.WalkLimits;
import dev.uictl.atspi.walk.WalkResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The last walk of each scope (and the details read for it), reused, for a toolkit whose events are known to arrive,
 * while its application has sent no AT-SPI event
 * since ({@link dev.uictl.atspi.bus.ChangeCounter}: every change to children, states, names, values, text or bounds
 * is one) and its top-level windows still have the same extents (moving a window sends no event). Anything else
 * walks again, so a snapshot never shows what an application announced it changed.
 */
final class WalkMemo {
    /** Scopes remembered; a scope is one window or application walked with one set of limits. */
    private static final int MAX_SCOPES = 8;
    private static final String APP_ROOT_PATH = "/org/a11y/atspi/accessible/root";
    /**
     * Events after which anything may sit elsewhere without having reported a move: rows came, went or reordered,
     * children changed (lists reflow), a value changed (a scrollbar: the view scrolled). Text and visible data
     * that changed move only what reports its own new bounds.
     */
    private static final Set<String> MOVES_OTHERS = Set.of("object:children-changed", "object:row-inserted",
            "object:row-deleted", "object:row-reordered", "object:model-changed");
    /** State changes that relayout what is around them (shown, hidden, a row opened or closed). */
    private static final Set<String> RELAYOUT_STATES = Set.of("showing", "visible", "expanded", "collapsed");

    /**
     * A scope on one bus: unique names like ":1.2" repeat on every bus, and one daemon may serve several desktops
     * (each with its accessibility bus), so the root alone would mix their walks up.
     */
    private record Key(String busAddress, AccessibleId root, WalkLimits limits) {
    }

    /** What must hold for a walk to be reused: the application's change stamp and its windows' extents. */
    record Witness(long stamp, List<Bounds> windows) {
    }

    record Walked(Witness witness, WalkResult walk, Map<AccessibleId, ElementDetails.Detail> details) {
    }

    private final Map<Key, Walked> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Walked> eldest) {
            return size() > MAX_SCOPES;
        }
    };

    /**
     * Reads what a reuse must match, in this order: the application's windows' extents (the application's replies
     * come after every event it sent before them), then its stamp (counting those events). Null when either cannot
     * be had; then nothing is reused or remembered.
     */
    private static Witness witness(AtspiConnection bus, AccessibleId appRoot, Budget budget) {
        try {
            // only a toolkit whose events are known to cover what a walk reads is trusted to say nothing changed
            if (!bus.toolkit(appRoot.bus(), budget).eventsCoverChanges()) {
                return null;
            }
            NodeReader reader = new NodeReader(bus);
            List<ObjectRef> windows = AtspiConnection.await(reader.children(appRoot), budget, appRoot.bus(),
                    "GetChildren");
            List<CompletableFuture<Rect>> asked = new ArrayList<>();
            for (ObjectRef w : windows) {
                asked.add(reader.extents(AccessibleId.of(w)));
            }
            List<Bounds> extents = new ArrayList<>();
            for (CompletableFuture<Rect> f : asked) {
                extents.add(Bounds.of(AtspiConnection.await(f, budget, appRoot.bus(), "GetExtents")));
            }
            OptionalLong stamp = bus.changes().stamp(appRoot.bus(), budget);
            return stamp.isPresent() ? new Witness(stamp.getAsLong(), List.copyOf(extents)) : null;
        } catch (AtspiException.ObjectGone | AtspiException.CallFailed e) {
            return null;
        }
    }

    /**
     * The scope's walk as it is now: the remembered one while nothing changed, else that one brought up to date,
     * else a new walk; remembered for the next caller (with the details a reused or refreshed walk kept).
     */
    Walked walk(AtspiConnection bus, AccessibleId appRoot, AccessibleId root, WalkLimits limits, Budget budget) {
        Witness now = witness(bus, appRoot, budget);
        Walked hit = reusable(bus, root, limits, now);
        if (hit == null) {
            hit = refreshed(bus, root, limits, now, budget).orElse(null);
        }
        Walked out = hit != null ? hit
                : new Walked(now, new TreeWalker(new NodeReader(bus)).walk(root, limits, budget), Map.of());
        remember(bus, root, limits, now, out.walk(), out.details());
        return out;
    }

    /** The root accessible of the application {@code element} belongs to (the path every AT-SPI bridge uses). */
    static AccessibleId appRoot(AccessibleId element) {
        return new AccessibleId(element.bus(), APP_ROOT_PATH);
    }

    private synchronized Walked reusable(AtspiConnection bus, AccessibleId root, WalkLimits limits, Witness now) {
        Walked e = entries.get(new Key(bus.address(), root, limits));
        return e != null && now != null && e.witness().equals(now) ? e : null;
    }

    /**
     * The scope's last walk brought up to date from what its application reported since (its windows must not have
     * moved): only the objects that reported a change are read again, and bounds where something may have moved.
     * Empty when nothing is remembered, the report does not reach back that far, or a window came or went: then walk.
     */
    private Optional<Walked> refreshed(AtspiConnection bus, AccessibleId root, WalkLimits limits, Witness now,
                               Budget budget) {
        Walked before;
        synchronized (this) {
            before = entries.get(new Key(bus.address(), root, limits));
        }
        if (before == null || now == null || !before.witness().windows().equals(now.windows())) {
            return Optional.empty();
        }
        Optional<List<ChangeCounter.Change>> report = bus.changes().since(root.bus(), before.witness().stamp());
        if (report.isEmpty()) {
            return Optional.empty();
        }
        Set<AccessibleId> fields = new HashSet<>();
        Set<AccessibleId> children = new HashSet<>();
        Set<AccessibleId> moved = new HashSet<>();
        boolean movedAnywhere = false;
        Map<String, NodeInfo> walked = byPath(before.walk().root(), new HashMap<>());
        for (ChangeCounter.Change c : report.get()) {
            // events counted after this walk's stamp are folded in too: the next caller will see them again, but
            // an object's earlier report may have been replaced by that later one in the log
            if (alreadyShown(c, walked)) {
                continue;
            }
            AccessibleId id = new AccessibleId(root.bus(), c.path());
            if (c.type().startsWith("window:")) {
                return Optional.empty();
            }
            if (c.type().equals("object:bounds-changed")) {
                moved.add(id);
                continue;
            }
            fields.add(id);
            if (c.type().equals("object:children-changed")) {
                children.add(id);
            }
            movedAnywhere |= MOVES_OTHERS.contains(c.type())
                    || c.type().equals("object:property-change") && "accessible-value".equals(c.detail())
                    || c.type().equals("object:state-changed") && RELAYOUT_STATES.contains(c.detail());
        }
        Changes changes = new Changes(fields, children, moved, movedAnywhere);
        return new TreeWalker(new NodeReader(bus)).refresh(before.walk(), changes, limits, budget)
                .map(walk -> {
                    Map<AccessibleId, ElementDetails.Detail> kept = new HashMap<>(before.details());
                    kept.keySet().removeAll(fields);
                    return new Walked(now, walk, Map.copyOf(kept));
                });
    }

    /**
     * Whether the walk already shows what the event reports: a state set or cleared that the object has or lacks in
     * it. Bridges report states as they create accessibles, so a walk that made a page's objects is followed by
     * such reports; the log keeps each object's latest one, so the object's state is still what it says. States
     * that relayout what is around them are not judged here (others may have moved).
     */
    private static boolean alreadyShown(ChangeCounter.Change c, Map<String, NodeInfo> walked) {
        if (!c.type().equals("object:state-changed") || RELAYOUT_STATES.contains(c.detail())) {
            return false;
        }
        NodeInfo n = walked.get(c.path());
        int state = States.number(c.detail());
        return n != null && state >= 0 && n.states().has(state) == (c.detail1() != 0);
    }

    private static Map<String, NodeInfo> byPath(Node n, Map<String, NodeInfo> out) {
        out.put(n.info().id().path(), n.info());
        n.children().forEach(c -> byPath(c, out));
        return out;
    }

    /**
     * Keeps {@code walk} and the details read for it (a caller adds to what {@link #walk} handed out, never
     * less) as the scope's; a walk without a witness cannot be vouched for later and leaves nothing behind.
     */
    synchronized void remember(AtspiConnection bus, AccessibleId root, WalkLimits limits, Witness witness,
                               WalkResult walk, Map<AccessibleId, ElementDetails.Detail> details) {
        Key key = new Key(bus.address(), root, limits);
        if (witness == null) {
            entries.remove(key);
            return;
        }
        entries.put(key, new Walked(witness, walk, Map.copyOf(details)));
    }
}
