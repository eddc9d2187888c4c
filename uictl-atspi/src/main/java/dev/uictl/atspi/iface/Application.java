package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.UInt32;

/** {@code org.a11y.atspi.Application} on an application's root. Properties ToolkitName, Version, AtspiVersion, Id. */
@DBusInterfaceName("org.a11y.atspi.Application")
public interface Application extends DBusInterface {
    String NAME = "org.a11y.atspi.Application";

    String GetLocale(UInt32 lctype);
}
