package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** {@code org.a11y.atspi.Selection}. Property NSelectedChildren. */
@DBusInterfaceName("org.a11y.atspi.Selection")
public interface Selection extends DBusInterface {
    String NAME = "org.a11y.atspi.Selection";

    ObjectRef GetSelectedChild(int selectedChildIndex);

    boolean SelectChild(int childIndex);

    boolean DeselectSelectedChild(int selectedChildIndex);

    boolean IsChildSelected(int childIndex);

    boolean SelectAll();

    boolean ClearSelection();

    boolean DeselectChild(int childIndex);
}
