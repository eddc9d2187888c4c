package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** {@code org.a11y.Bus} at {@code /org/a11y/bus} on the session bus: where the accessibility bus listens. */
@DBusInterfaceName("org.a11y.Bus")
public interface A11yBus extends DBusInterface {
    String DESTINATION = "org.a11y.Bus";
    String PATH = "/org/a11y/bus";
    /** {@code org.a11y.Status} properties on the same object: IsEnabled, ScreenReaderEnabled. */
    String STATUS_INTERFACE = "org.a11y.Status";

    String GetAddress();
}
