package dev.uictl.atspi.bus;

import dev.uictl.atspi.iface.AtspiSignal;
import dev.uictl.atspi.iface.FocusEvents;
import dev.uictl.atspi.iface.ObjectEvents;
import dev.uictl.atspi.iface.WindowEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Subscription to the AT-SPI event signals an {@link AtspiConnection} registered for: object changes (state,
 * children, properties, text), window create/destroy/activate/deactivate and focus. Listeners run on dbus-java's
 * signal threads and must not block.
 */
public final class Events {
    /**
     * One event: {@code type} as AT-SPI spells it ({@code object:state-changed}), {@code detail} its minor part
     * ({@code checked}), {@code detail1} (1 when a state was set, the child index…), the sender's unique bus name
     * and the object path, and when it arrived (monotonic nanos).
     */
    public record Event(String type, String detail, int detail1, String sender, String path, long nanoTime) {
    }

    private record Kind(Class<? extends AtspiSignal> signal, String type) {
    }

    private static final List<Kind> KINDS = List.of(
            new Kind(ObjectEvents.StateChanged.class, "object:state-changed"),
            new Kind(ObjectEvents.ChildrenChanged.class, "object:children-changed"),
            new Kind(ObjectEvents.PropertyChange.class, "object:property-change"),
            new Kind(ObjectEvents.TextChanged.class, "object:text-changed"),
            new Kind(WindowEvents.Create.class, "window:create"),
            new Kind(WindowEvents.Destroy.class, "window:destroy"),
            new Kind(WindowEvents.Activate.class, "window:activate"),
            new Kind(WindowEvents.Deactivate.class, "window:deactivate"),
            new Kind(FocusEvents.Focus.class, "focus:"));

    private Events() {
    }

    /** Subscribes {@code listener} to every kind above; closing the handle unsubscribes. */
    public static AutoCloseable subscribe(AtspiConnection bus, Consumer<Event> listener) {
        List<AutoCloseable> handles = new ArrayList<>();
        try {
            for (Kind k : KINDS) {
                handles.add(on(bus, k.signal(), k.type(), listener));
            }
        } catch (RuntimeException e) {
            closeAll(handles);
            throw e;
        }
        return () -> closeAll(handles);
    }

    private static <S extends AtspiSignal> AutoCloseable on(AtspiConnection bus, Class<S> signal, String type,
                                                           Consumer<Event> listener) {
        return bus.onSignal(signal, s -> listener.accept(new Event(type, s.detail(), s.detail1(), s.getSource(),
                s.getPath(), System.nanoTime())));
    }

    private static void closeAll(List<AutoCloseable> handles) {
        for (AutoCloseable h : handles) {
            try {
                h.close();
            } catch (Exception ignored) {
                // the connection is closing anyway
            }
        }
    }
}
