package dev.uictl.atspi.walk;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.Accessible;
import dev.uictl.atspi.iface.Action;
import dev.uictl.atspi.iface.ActionInfo;
import dev.uictl.atspi.iface.Cache;
import dev.uictl.atspi.iface.CacheItem;
import dev.uictl.atspi.iface.Component;
import dev.uictl.atspi.iface.ObjectRef;
import dev.uictl.atspi.iface.Rect;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.freedesktop.dbus.types.UInt32;

/**
 * Reads accessibles, each read as pipelined asynchronous calls: start every request first, then wait for them within
 * the caller's budget. The reads that {@link TreeWalker} and element queries share.
 */
public final class NodeReader {
    private final AtspiConnection bus;

    public NodeReader(AtspiConnection bus) {
        this.bus = bus;
    }

    public AtspiConnection connection() {
        return bus;
    }

    /**
     * Every accessible an application's bridge has cached, in one call; empty when the application has no cache,
     * or a cache not known to agree with live reads (then the walk reads node by node).
     */
    public List<NodeInfo> cached(String appBus, Budget budget) {
        if (!bus.toolkit(appBus, budget).cacheAgreesWithLiveReads()) {
            return List.of();
        }
        List<CacheItem> items;
        try {
            items = bus.invoke(new AccessibleId(appBus, Cache.PATH), Cache.class, "GetItems", budget);
        } catch (AtspiException.CallFailed noCache) {
            return List.of();
        }
        List<NodeInfo> out = new ArrayList<>(items.size());
        for (CacheItem item : items) {
            out.add(NodeInfo.of(item));
        }
        return out;
    }

    /**
     * A pending read of one accessible's own fields: 8 calls in flight at once. Each property is read with its own
     * {@code Get}, as screen readers do: {@code GetAll} on {@code org.a11y.atspi.Accessible} crashes Qt 5.15 and
     * Qt 6.4 applications (their bridge fails to marshal one of the properties), so it is never sent.
     */
    public PendingInfo start(AccessibleId id) {
        return new PendingInfo(id,
                bus.call(id, Accessible.class, "GetRole"),
                bus.property(id, Accessible.NAME, "Name"),
                bus.property(id, Accessible.NAME, "Description"),
                bus.call(id, Accessible.class, "GetState"),
                bus.property(id, Accessible.NAME, "ChildCount"),
                bus.call(id, Accessible.class, "GetInterfaces"),
                bus.call(id, Accessible.class, "GetIndexInParent"),
                bus.property(id, Accessible.NAME, "Parent"));
    }

    /** Like {@link #start(AccessibleId)} for a child whose parent and index the caller already knows (6 calls). */
    public PendingInfo start(AccessibleId id, AccessibleId parent, int index) {
        return new PendingInfo(id,
                bus.call(id, Accessible.class, "GetRole"),
                bus.property(id, Accessible.NAME, "Name"),
                bus.property(id, Accessible.NAME, "Description"),
                bus.call(id, Accessible.class, "GetState"),
                bus.property(id, Accessible.NAME, "ChildCount"),
                bus.call(id, Accessible.class, "GetInterfaces"),
                CompletableFuture.completedFuture(index),
                CompletableFuture.completedFuture(parent.toWire()));
    }

    /**
     * The element's action names, as {@code DoAction} indexes them, read with {@code GetName} as libatspi reads
     * them: {@code GetActions} gives localized names (another language's words), Chromium gives "" for each and
     * Firefox ";;" in every field. {@code GetActions} is asked only for how many there are; a name the toolkit
     * will not give is "".
     */
    public CompletableFuture<List<String>> actionNames(AccessibleId id) {
        CompletableFuture<List<ActionInfo>> listed = bus.call(id, Action.class, "GetActions");
        return listed.thenCompose(infos -> {
            List<CompletableFuture<String>> names = new ArrayList<>(infos.size());
            for (int i = 0; i < infos.size(); i++) {
                names.add(bus.<String>call(id, Action.class, "GetName", i).exceptionally(e -> ""));
            }
            return CompletableFuture.allOf(names.toArray(CompletableFuture[]::new))
                    .thenApply(done -> names.stream().map(CompletableFuture::join).toList());
        });
    }

    public NodeInfo read(AccessibleId id, Budget budget) {
        return start(id).await(budget);
    }

    public CompletableFuture<List<ObjectRef>> children(AccessibleId id) {
        return bus.call(id, Accessible.class, "GetChildren");
    }

    public CompletableFuture<ObjectRef> childAt(AccessibleId id, int index) {
        return bus.call(id, Accessible.class, "GetChildAtIndex", index);
    }

    public CompletableFuture<Rect> extents(AccessibleId id) {
        return bus.call(id, Component.class, "GetExtents", new UInt32(Component.SCREEN));
    }

    public States states(AccessibleId id, Budget budget) {
        List<UInt32> words = AtspiConnection.await(bus.call(id, Accessible.class, "GetState"), budget, id.bus(),
                "GetState");
        return States.of(words);
    }

    /** Eight replies for one node; {@link #await} assembles them. */
    public record PendingInfo(AccessibleId id, CompletableFuture<UInt32> role, CompletableFuture<String> name,
                              CompletableFuture<String> description, CompletableFuture<List<UInt32>> states,
                              CompletableFuture<Integer> childCount, CompletableFuture<List<String>> interfaces,
                              CompletableFuture<Integer> index, CompletableFuture<Object> parent) {
        public NodeInfo await(Budget budget) {
            String b = id.bus();
            UInt32 r = AtspiConnection.await(role, budget, b, "GetRole");
            String n = AtspiConnection.await(name, budget, b, "Get Name");
            String d = AtspiConnection.await(description, budget, b, "Get Description");
            List<UInt32> s = AtspiConnection.await(states, budget, b, "GetState");
            Integer cc = AtspiConnection.await(childCount, budget, b, "Get ChildCount");
            List<String> ifs = AtspiConnection.await(interfaces, budget, b, "GetInterfaces");
            Integer i = AtspiConnection.await(index, budget, b, "GetIndexInParent");
            Object p = AtspiConnection.await(parent, budget, b, "Get Parent");
            return new NodeInfo(id, parentId(p), i == null ? -1 : i, cc == null ? 0 : cc,
                    ifs == null ? List.of() : List.copyOf(ifs), n == null ? "" : n, r == null ? 0 : r.intValue(),
                    d == null ? "" : d, States.of(s == null ? List.of() : s));
        }
    }

    /** The Parent property arrives as a struct, or as its two fields, depending on the path it took. */
    static AccessibleId parentId(Object p) {
        if (p instanceof ObjectRef ref) {
            return AccessibleId.of(ref);
        }
        if (p instanceof Object[] fields && fields.length == 2) {
            return new AccessibleId(String.valueOf(fields[0]), String.valueOf(fields[1]));
        }
        if (p instanceof List<?> fields && fields.size() == 2) {
            return new AccessibleId(String.valueOf(fields.get(0)), String.valueOf(fields.get(1)));
        }
        return new AccessibleId("", AccessibleId.NULL_PATH);
    }
}
