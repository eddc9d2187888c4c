package dev.uictl.atspi.iface;

import java.util.Map;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.Variant;

/**
 * {@code org.freedesktop.DBus.Properties} declared with {@link Variant} results, so asynchronous calls return the same
 * shape as synchronous ones (dbus-java's own {@code Properties} unwraps only on the synchronous path).
 */
@DBusInterfaceName("org.freedesktop.DBus.Properties")
public interface DBusProperties extends DBusInterface {
    Variant<?> Get(String interfaceName, String propertyName);

    Map<String, Variant<?>> GetAll(String interfaceName);

    void Set(String interfaceName, String propertyName, Variant<?> value);
}
