package dev.uictl.atspi.iface;

import java.util.Map;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.Variant;

/** {@code org.a11y.atspi.Event.Window} signals ({@code window:create}, {@code window:activate}…). */
@DBusInterfaceName("org.a11y.atspi.Event.Window")
public interface WindowEvents extends DBusInterface {

    final class Create extends AtspiSignal {
        public Create(String path, String detail, int detail1, int detail2, Variant<?> data,
                      Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    final class Destroy extends AtspiSignal {
        public Destroy(String path, String detail, int detail1, int detail2, Variant<?> data,
                       Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    final class Activate extends AtspiSignal {
        public Activate(String path, String detail, int detail1, int detail2, Variant<?> data,
                        Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }

    final class Deactivate extends AtspiSignal {
        public Deactivate(String path, String detail, int detail1, int detail2, Variant<?> data,
                          Map<String, Variant<?>> properties) throws DBusException {
            super(path, detail, detail1, detail2, data, properties);
        }
    }
}
