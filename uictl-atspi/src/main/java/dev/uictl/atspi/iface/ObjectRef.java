package dev.uictl.atspi.iface;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;

/** The wire form {@code (so)} of an accessible: the owning application's unique bus name and the object path. */
public final class ObjectRef extends Struct {
    @Position(0)
    public final String bus;
    @Position(1)
    public final DBusPath path;

    public ObjectRef(String bus, DBusPath path) {
        this.bus = bus;
        this.path = path;
    }
}
