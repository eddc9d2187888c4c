package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/**
 * {@code org.a11y.atspi.Value}: properties only (MinimumValue, MaximumValue, MinimumIncrement, CurrentValue as
 * doubles, Text); CurrentValue is writable through {@code org.freedesktop.DBus.Properties.Set}.
 */
@DBusInterfaceName("org.a11y.atspi.Value")
public interface Value extends DBusInterface {
    String NAME = "org.a11y.atspi.Value";
}
