package dev.uictl.atspi.iface;

import java.util.List;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.UInt32;

/** {@code org.a11y.atspi.Collection}: server-side search. Sort orders: 1 canonical (tree order). Count 0 = all. */
@DBusInterfaceName("org.a11y.atspi.Collection")
public interface Collection extends DBusInterface {
    String NAME = "org.a11y.atspi.Collection";
    int SORT_CANONICAL = 1;

    List<ObjectRef> GetMatches(MatchRule rule, UInt32 sortBy, Integer count, Boolean traverse);
}
