package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.bus.Events;
import dev.uictl.atspi.iface.Action;
import dev.uictl.atspi.iface.Component;
import dev.uictl.atspi.iface.EditableText;
import dev.uictl.atspi.iface.ObjectRef;
import dev.uictl.atspi.iface.Selection;
import dev.uictl.atspi.iface.Text;
import dev.uictl.atspi.iface.Value;
import dev.uictl.atspi.walk.Bounds;
import dev.uictl.atspi.walk.NodeInfo;
import dev.uictl.atspi.walk.NodeReader;
import dev.uictl.core.call.Deadline;
import dev.uictl.engine.desktop.element.ElementHandle;
import dev.uictl.engine.desktop.element.ElementState;
import dev.uictl.engine.desktop.spi.AccessibilityTree;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.freedesktop.dbus.interfaces.DBus;
import org.freedesktop.dbus.types.UInt32;

/**
 * The accessibility-tree port over AT-SPI (one shared {@link AtspiConnection}): element reads pipelined in one
 * round (identity and what the element's interfaces offer), operations as single calls; every wait is bounded by
 * the caller's deadline and every library failure mapped by {@link AccessibilityErrors}.
 */
public final class AtspiAccessibilityTree implements AccessibilityTree {
    private static final AccessibleId BUS_DAEMON = new AccessibleId("org.freedesktop.DBus", "/org/freedesktop/DBus");
    private static final String PREFIX = "org.a11y.atspi.";
    /** AT-SPI's "password text" role. */
    private static final int PASSWORD_TEXT = 40;

    private final AtspiConnection bus;
    private final NodeReader reader;
    /** Unique bus name → process id; a name is never reused by another process on the same bus. */
    private final Map<String, Long> pids = new ConcurrentHashMap<>();

    public AtspiAccessibilityTree(AtspiConnection bus) {
        this.bus = bus;
        this.reader = new NodeReader(bus);
    }

    @Override
    public ElementState read(ElementHandle element, Deadline deadline) {
        return mapped(() -> {
            AccessibleId id = id(element);
            Budget budget = budget(deadline);
            CompletableFuture<UInt32> pid = pids.containsKey(id.bus()) ? null
                    : bus.call(BUS_DAEMON, DBus.class, "GetConnectionUnixProcessID", id.bus());
            NodeInfo info = reader.start(id).await(budget);
            Set<String> ifaces = new LinkedHashSet<>();
            for (String i : info.interfaces()) {
                ifaces.add(i.startsWith(PREFIX) ? i.substring(PREFIX.length()) : i);
            }
            // a second round trip, asking only what the element's interfaces offer: GTK logs a CRITICAL into the
            // application's stderr for every Text or Value call on an object without that interface
            CompletableFuture<dev.uictl.atspi.iface.Rect> extents = ifaces.contains("Component") ? reader.extents(id)
                    : null;
            CompletableFuture<String> text = ifaces.contains("Text") ? bus.call(id, Text.class, "GetText", 0, -1)
                    : null;
            CompletableFuture<Double> value = ifaces.contains("Value") ? bus.property(id, Value.NAME, "CurrentValue")
                    : null;
            CompletableFuture<List<String>> actions = ifaces.contains("Action") ? reader.actionNames(id) : null;
            if (pid != null) {
                UInt32 p = AtspiConnection.await(pid, budget, BUS_DAEMON.bus(), "GetConnectionUnixProcessID");
                pids.put(id.bus(), p == null ? 0L : p.longValue());
            }
            Bounds b = extents == null ? new Bounds(0, 0, 0, 0)
                    : Bounds.of(AtspiConnection.await(extents, budget, id.bus(), "GetExtents"));
            List<String> names = actions == null ? List.of()
                    : AtspiConnection.await(actions, budget, id.bus(), "GetActions");
            return new ElementState(ElementRoles.canonical(info), info.name(), new LinkedHashSet<>(info.states().names()),
                    elementBounds(b),
                    text == null ? null : AtspiConnection.await(text, budget, id.bus(), "GetText"),
                    value == null ? null : number(AtspiConnection.await(value, budget, id.bus(), "Get CurrentValue")),
                    List.copyOf(names), Set.copyOf(ifaces), pids.getOrDefault(id.bus(), 0L), info.childCount(),
                    info.role() == PASSWORD_TEXT);
        });
    }

    /** AT-SPI extents as the port's bounds. */
    static dev.uictl.engine.desktop.element.Bounds elementBounds(Bounds b) {
        return new dev.uictl.engine.desktop.element.Bounds(b.x(), b.y(), b.width(), b.height());
    }

    @Override
    public List<ElementHandle> children(ElementHandle element, Deadline deadline) {
        return mapped(() -> {
            AccessibleId id = id(element);
            List<ObjectRef> refs = AtspiConnection.await(reader.children(id), budget(deadline), id.bus(), "GetChildren");
            List<ElementHandle> out = new ArrayList<>(refs.size());
            for (ObjectRef r : refs) {
                out.add(new ElementHandle(r.bus, r.path.getPath()));
            }
            return out;
        });
    }

    @Override
    public boolean doAction(ElementHandle element, int index, Deadline deadline) {
        return call(element, Action.class, "DoAction", deadline, index);
    }

    @Override
    public boolean setText(ElementHandle element, String text, Deadline deadline) {
        return call(element, EditableText.class, "SetTextContents", deadline, text);
    }

    @Override
    public boolean insertText(ElementHandle element, int position, String text, Deadline deadline) {
        // the length is in bytes of UTF-8 (ATK hands it to gtk_editable_insert_text)
        return call(element, EditableText.class, "InsertText", deadline, position, text,
                text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    }

    @Override
    public void setValue(ElementHandle element, double value, Deadline deadline) {
        mapped(() -> {
            AccessibleId id = id(element);
            return AtspiConnection.await(bus.setProperty(id, Value.NAME, "CurrentValue", value), budget(deadline),
                    id.bus(), "Set CurrentValue");
        });
    }

    @Override
    public ValueRange valueRange(ElementHandle element, Deadline deadline) {
        return mapped(() -> {
            AccessibleId id = id(element);
            Budget budget = budget(deadline);
            CompletableFuture<Double> min = bus.property(id, Value.NAME, "MinimumValue");
            CompletableFuture<Double> max = bus.property(id, Value.NAME, "MaximumValue");
            return new ValueRange(AtspiConnection.await(min, budget, id.bus(), "Get MinimumValue"),
                    AtspiConnection.await(max, budget, id.bus(), "Get MaximumValue"));
        });
    }

    @Override
    public boolean grabFocus(ElementHandle element, Deadline deadline) {
        return call(element, Component.class, "GrabFocus", deadline);
    }

    @Override
    public boolean selectChild(ElementHandle container, int index, Deadline deadline) {
        return call(container, Selection.class, "SelectChild", deadline, index);
    }

    @Override
    public boolean isChildSelected(ElementHandle container, int index, Deadline deadline) {
        return call(container, Selection.class, "IsChildSelected", deadline, index);
    }

    @Override
    public boolean deselectChild(ElementHandle container, int index, Deadline deadline) {
        return call(container, Selection.class, "DeselectChild", deadline, index);
    }

    /**
     * AT-SPI ScrollTo type 6 is ANYWHERE: the least scrolling that brings the element into view (4 is LEFT_EDGE,
     * which scrolls only sideways: a page scrolled down stayed where it was).
     */
    @Override
    public boolean scrollTo(ElementHandle element, Deadline deadline) {
        return call(element, Component.class, "ScrollTo", deadline, new UInt32(6));
    }

    private boolean call(ElementHandle element, Class<? extends org.freedesktop.dbus.interfaces.DBusInterface> iface,
                         String method, Deadline deadline, Object... args) {
        return mapped(() -> {
            Boolean ok = bus.invoke(id(element), iface, method, budget(deadline), args);
            return ok != null && ok;
        });
    }

    /**
     * Subscribes to the events the connection registered for. Right after the connection opened, applications may
     * not have noticed the registrations yet: the subscription is handed out once they can have (a few hundred ms
     * at most, once per connection), so a quiet stream means a quiet desktop.
     */
    @Override
    public AutoCloseable watch(Consumer<ElementEvent> listener) {
        AutoCloseable handle = mapped(() -> Events.subscribe(bus, e -> listener.accept(new ElementEvent(e.type(),
                e.detail(), e.detail1(), new ElementHandle(e.sender(), e.path()), e.nanoTime()))));
        long wait = bus.eventsSettledAt() - System.nanoTime();
        if (wait > 0) {
            LockSupport.parkNanos(wait);
        }
        return handle;
    }

    private static <T> T mapped(Supplier<T> work) {
        try {
            return work.get();
        } catch (AtspiException e) {
            throw AccessibilityErrors.map(e);
        }
    }

    private static AccessibleId id(ElementHandle h) {
        return new AccessibleId(h.app(), h.path());
    }

    private static Budget budget(Deadline deadline) {
        return new Budget(deadline.nanoTime(), Budget.NEVER);
    }

    private static Double number(Object v) {
        return v instanceof Number n ? n.doubleValue() : null;
    }
}
