package dev.uictl.atspi.iface;

import java.util.Map;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.Variant;

/** {@code org.a11y.atspi.Event.Focus} (legacy {@code focus:} events). */
@DBusInterfaceName("org.a11y.atspi.Event.Focus")
public interface FocusEvents extends DBusInterface {

    final class Focus extends AtspiSignal {
        public Focus(String path, String detail, int detail1, int detail2, Variant<?> data,
                     Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }
}
