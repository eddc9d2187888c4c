package dev.uictl.atspi.iface;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;

/**
 * A signal this library sends to itself through the bus: it arrives after every message the connection had already
 * received, and its handler runs after theirs (one signal thread, in order), so seeing it proves earlier events
 * have been handled.
 */
@DBusInterfaceName("dev.uictl.atspi.Barrier")
public interface Barrier extends DBusInterface {
    String PATH = "/dev/uictl/atspi/barrier";

    final class Ping extends DBusSignal {
        private final long token;

        public Ping(String path, long token) throws DBusException {
            super(path, token);
            this.token = token;
        }

        public long token() {
            return token;
        }
    }
}
