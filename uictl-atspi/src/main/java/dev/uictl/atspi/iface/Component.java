package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.UInt32;

/** {@code org.a11y.atspi.Component}. Coordinate types: 0 screen, 1 window, 2 parent. */
@DBusInterfaceName("org.a11y.atspi.Component")
public interface Component extends DBusInterface {
    String NAME = "org.a11y.atspi.Component";
    int SCREEN = 0;

    boolean Contains(Integer x, Integer y, UInt32 coordType);

    ObjectRef GetAccessibleAtPoint(Integer x, Integer y, UInt32 coordType);

    Rect GetExtents(UInt32 coordType);

    UInt32 GetLayer();

    short GetMDIZOrder();

    boolean GrabFocus();

    double GetAlpha();

    boolean ScrollTo(UInt32 type);

    boolean ScrollToPoint(UInt32 coordType, Integer x, Integer y);
}
