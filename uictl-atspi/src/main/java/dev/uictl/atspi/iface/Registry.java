package dev.uictl.atspi.iface;

import java.util.List;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/**
 * {@code org.a11y.atspi.Registry} at {@code /org/a11y/atspi/registry} (bus name {@code org.a11y.atspi.Registry}):
 * applications only emit an event kind after some client registered for it.
 */
@DBusInterfaceName("org.a11y.atspi.Registry")
public interface Registry extends DBusInterface {
    String BUS_NAME = "org.a11y.atspi.Registry";
    String PATH = "/org/a11y/atspi/registry";

    void RegisterEvent(String event, List<String> properties, String appBusName);

    void DeregisterEvent(String event);
}
