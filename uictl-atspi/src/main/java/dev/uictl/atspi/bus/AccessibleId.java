package dev.uictl.atspi.bus;

import dev.uictl.atspi.iface.ObjectRef;
import org.freedesktop.dbus.DBusPath;

/** One accessible object: its application's unique bus name and its object path. */
public record AccessibleId(String bus, String path) {
    /** The null reference AT-SPI uses for "no object" (e.g. the parent of an application root). */
    public static final String NULL_PATH = "/org/a11y/atspi/null";

    public static AccessibleId of(ObjectRef ref) {
        return new AccessibleId(ref.bus, ref.path.getPath());
    }

    public ObjectRef toWire() {
        return new ObjectRef(bus, new DBusPath(path));
    }

    public boolean isNull() {
        return NULL_PATH.equals(path) || bus == null || bus.isEmpty();
    }

    @Override
    public String toString() {
        return bus + path;
    }
}
