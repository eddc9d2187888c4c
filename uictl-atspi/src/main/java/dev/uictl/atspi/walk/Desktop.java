package dev.uictl.atspi.walk;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.Accessible;
import dev.uictl.atspi.iface.ObjectRef;
import dev.uictl.atspi.iface.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.freedesktop.dbus.interfaces.DBus;
import org.freedesktop.dbus.types.UInt32;

/** The registry's desktop: the applications registered on the accessibility bus, with their names and pids. */
public final class Desktop {
    private static final AccessibleId DESKTOP = new AccessibleId(Registry.BUS_NAME, Accessible.ROOT_PATH);
    private static final AccessibleId BUS_DAEMON = new AccessibleId("org.freedesktop.DBus", "/org/freedesktop/DBus");

    private final AtspiConnection bus;

    public Desktop(AtspiConnection bus) {
        this.bus = bus;
    }

    /** One registered application: its root accessible, its name ("gtk3-demo") and its process id (0 if unknown). */
    public record App(AccessibleId root, String name, int pid) {
    }

    /**
     * Every registered application. An application that does not answer within the budget for its name is still
     * listed (name empty), so one hung application cannot hide the others.
     */
    public List<App> applications(Budget budget) {
        List<ObjectRef> refs = bus.invoke(DESKTOP, Accessible.class, "GetChildren", budget);
        List<AccessibleId> roots = new ArrayList<>();
        List<CompletableFuture<String>> names = new ArrayList<>();
        List<CompletableFuture<UInt32>> pids = new ArrayList<>();
        for (ObjectRef r : refs) {
            AccessibleId id = AccessibleId.of(r);
            if (id.isNull() || id.bus().equals(bus.uniqueName())) {
                continue;
            }
            roots.add(id);
            names.add(bus.property(id, Accessible.NAME, "Name"));
            pids.add(bus.call(BUS_DAEMON, DBus.class, "GetConnectionUnixProcessID", id.bus()));
        }
        Budget perApp = budget.share(java.time.Duration.ofMillis(500));
        List<App> apps = new ArrayList<>();
        for (int i = 0; i < roots.size(); i++) {
            AccessibleId id = roots.get(i);
            String name = "";
            int pid = 0;
            try {
                pid = AtspiConnection.await(pids.get(i), budget, "org.freedesktop.DBus", "GetConnectionUnixProcessID")
                        .intValue();
            } catch (AtspiException e) {
                // the application left the bus meanwhile
                continue;
            }
            try {
                name = AtspiConnection.await(names.get(i), perApp, id.bus(), "Get Name");
            } catch (AtspiException.Unresponsive | AtspiException.OutOfTime | AtspiException.CallFailed e) {
                name = "";
            } catch (AtspiException.ObjectGone e) {
                continue;
            }
            apps.add(new App(id, name == null ? "" : name, pid));
        }
        return apps;
    }
}
