package dev.uictl.atspi.bus;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;

/**
 * At most one live dbus-java proxy per object and interface. dbus-java finds a call's target by looking the proxy up
 * in its map of imported objects; held weakly (so that map does not grow with every object ever called), that map
 * keeps the first of several equal proxies as the key, and when that first one is collected the entry goes with
 * it, though a second, equal proxy is still being called: the call then fails inside dbus-java. Handing out the
 * proxy that is still alive (and making a new one only once it was collected, when its entry went too) keeps
 * every proxy in use in the map. Entries whose proxy was collected are dropped as new ones come.
 */
final class Proxies {
    private record Key(String bus, String path, Class<? extends DBusInterface> iface) {
    }

    /** A weakly held proxy that remembers its key, to drop its entry once it is collected. */
    private static final class Held extends WeakReference<DBusInterface> {
        final Key key;

        Held(DBusInterface proxy, Key key, ReferenceQueue<DBusInterface> queue) {
            super(proxy, queue);
            this.key = key;
        }
    }

    private final DBusConnection bus;
    private final Map<Key, Held> live = new ConcurrentHashMap<>();
    private final ReferenceQueue<DBusInterface> collected = new ReferenceQueue<>();

    Proxies(DBusConnection bus) {
        this.bus = bus;
    }

    /** The proxy for {@code path} on {@code busName} as {@code iface}: the live one, else a new one. */
    DBusInterface of(String busName, String path, Class<? extends DBusInterface> iface) throws DBusException {
        for (Held h; (h = (Held) collected.poll()) != null; ) {
            live.remove(h.key, h);
        }
        Key key = new Key(busName, path, iface);
        DBusInterface[] proxy = new DBusInterface[1];
        DBusException[] failed = new DBusException[1];
        live.compute(key, (k, held) -> {
            proxy[0] = held == null ? null : held.get();
            if (proxy[0] != null) {
                return held;
            }
            try {
                proxy[0] = bus.getRemoteObject(busName, path, iface);
            } catch (DBusException e) {
                failed[0] = e;
                return null;
            }
            return new Held(proxy[0], k, collected);
        });
        if (failed[0] != null) {
            throw failed[0];
        }
        return proxy[0];
    }
}
