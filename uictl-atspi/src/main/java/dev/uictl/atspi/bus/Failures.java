package dev.uictl.atspi.bus;

import java.util.Set;

/** Maps D-Bus errors to the library's closed failure set. */
final class Failures {
    /** The object or its application is gone. */
    private static final Set<String> GONE = Set.of("org.freedesktop.DBus.Error.UnknownObject",
            "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
            "org.freedesktop.DBus.Error.Disconnected");
    /** No reply: the bus daemon gave up waiting for the application. */
    private static final Set<String> NO_REPLY = Set.of("org.freedesktop.DBus.Error.NoReply",
            "org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.TimedOut");

    /** What the bus daemon and bridges say when the name or object is gone, for errors that arrive unnamed. */
    private static final java.util.List<String> GONE_TEXT = java.util.List.of("was not provided by any .service files",
            "does not exist", "Unknown object", "No such object", "has no owner",
            // NoReply from the bus daemon when the application left the bus while the call was pending: it is gone
            "disconnected from message bus without replying");

    private Failures() {
    }

    static AtspiException of(AccessibleId target, String method, Exception e) {
        String name = errorName(e);
        if (name != null && GONE.contains(name)) {
            return new AtspiException.ObjectGone(target.bus(), target.path(), shortName(name));
        }
        if (name != null && NO_REPLY.contains(name)) {
            return new AtspiException.Unresponsive(target.bus(), method, 0);
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        if (GONE_TEXT.stream().anyMatch(message::contains)) {
            return new AtspiException.ObjectGone(target.bus(), target.path(), message);
        }
        return new AtspiException.CallFailed(name, method + " on " + target + " failed: " + message, e);
    }

    private static String errorName(Exception e) {
        if (e instanceof org.freedesktop.dbus.exceptions.DBusExecutionException x && x.getType() != null) {
            return x.getType();
        }
        String cls = e.getClass().getName();
        if (cls.startsWith("org.freedesktop.dbus.errors.")) {
            return "org.freedesktop.DBus.Error." + e.getClass().getSimpleName();
        }
        return null;
    }

    private static String shortName(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
