package dev.uictl.atspi.iface;

import java.util.List;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** {@code org.a11y.atspi.Action}. Property NActions. Action names differ in case across toolkits. */
@DBusInterfaceName("org.a11y.atspi.Action")
public interface Action extends DBusInterface {
    String NAME = "org.a11y.atspi.Action";

    List<ActionInfo> GetActions();

    String GetName(Integer index);

    String GetDescription(Integer index);

    String GetKeyBinding(Integer index);

    boolean DoAction(Integer index);
}
