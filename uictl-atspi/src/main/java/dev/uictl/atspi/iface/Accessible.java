package dev.uictl.atspi.iface;

import java.util.List;
import java.util.Map;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.UInt32;

/**
 * {@code org.a11y.atspi.Accessible}. Properties (read through {@code org.freedesktop.DBus.Properties}): Name,
 * Description, Parent {@code (so)}, ChildCount, Locale, AccessibleId.
 */
@DBusInterfaceName("org.a11y.atspi.Accessible")
public interface Accessible extends DBusInterface {
    String NAME = "org.a11y.atspi.Accessible";
    String ROOT_PATH = "/org/a11y/atspi/accessible/root";

    ObjectRef GetChildAtIndex(Integer index);

    List<ObjectRef> GetChildren();

    int GetIndexInParent();

    UInt32 GetRole();

    String GetRoleName();

    List<UInt32> GetState();

    Map<String, String> GetAttributes();

    ObjectRef GetApplication();

    List<String> GetInterfaces();
}
