package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.Variant;

/**
 * {@code org.freedesktop.DBus.Properties} declared with {@link Variant} results, so asynchronous calls return the same
 * shape as synchronous ones (dbus-java's own {@code Properties} unwraps only on the synchronous path). No {@code GetAll}:
 * Qt 5.15 and 6.4 bridges crash on it.
 */
@DBusInterfaceName("org.freedesktop.DBus.Properties")
public interface DBusProperties extends DBusInterface {
    Variant<?> Get(String interfaceName, String propertyName);

    void Set(String interfaceName, String propertyName, Variant<?> value);
}
