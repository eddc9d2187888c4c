package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** {@code org.a11y.atspi.Selection}. Property NSelectedChildren. */
@DBusInterfaceName("org.a11y.atspi.Selection")
public interface Selection extends DBusInterface {
    String NAME = "org.a11y.atspi.Selection";

    ObjectRef GetSelectedChild(Integer selectedChildIndex);

    boolean SelectChild(Integer childIndex);

    boolean DeselectSelectedChild(Integer selectedChildIndex);

    boolean IsChildSelected(Integer childIndex);

    boolean SelectAll();

    boolean ClearSelection();

    boolean DeselectChild(Integer childIndex);
}
