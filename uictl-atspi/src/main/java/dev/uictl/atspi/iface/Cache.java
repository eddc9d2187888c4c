package dev.uictl.atspi.iface;

import java.util.List;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/**
 * {@code org.a11y.atspi.Cache} at {@code /org/a11y/atspi/cache} in each application: every accessible the bridge has
 * registered, in one call. Not the whole tree: children of {@code manages-descendants} containers are left out.
 */
@DBusInterfaceName("org.a11y.atspi.Cache")
public interface Cache extends DBusInterface {
    String NAME = "org.a11y.atspi.Cache";
    String PATH = "/org/a11y/atspi/cache";

    List<CacheItem> GetItems();
}
