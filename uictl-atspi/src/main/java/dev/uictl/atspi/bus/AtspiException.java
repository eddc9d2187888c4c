package dev.uictl.atspi.bus;

/**
 * Every failure of this library, as a closed set of cases the caller maps to its own vocabulary: the bus is not
 * there, an application did not answer within the budget, the object no longer exists, or a call failed otherwise.
 */
public sealed abstract class AtspiException extends RuntimeException
        permits AtspiException.BusUnavailable, AtspiException.Unresponsive, AtspiException.ObjectGone,
        AtspiException.CallFailed, AtspiException.Cancelled, AtspiException.OutOfTime {

    protected AtspiException(String message, Throwable cause) {
        super(message, cause);
    }

    /** No accessibility bus could be found or connected (no session bus, no at-spi-bus-launcher, dead socket). */
    public static final class BusUnavailable extends AtspiException {
        public BusUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The application owning {@code bus} did not reply within the budget (hung, stopped, or busy). */
    public static final class Unresponsive extends AtspiException {
        private final String bus;
        private final long waitedMillis;

        public Unresponsive(String bus, String method, long waitedMillis) {
            super(bus + " did not answer " + method + " within " + waitedMillis + " ms", null);
            this.bus = bus;
            this.waitedMillis = waitedMillis;
        }

        public String bus() {
            return bus;
        }

        public long waitedMillis() {
            return waitedMillis;
        }
    }

    /** The object is defunct or unknown: its application exited or it was destroyed. */
    public static final class ObjectGone extends AtspiException {
        private final String bus;
        private final String path;

        public ObjectGone(String bus, String path, String why) {
            super(bus + path + " is gone: " + why, null);
            this.bus = bus;
            this.path = path;
        }

        public String bus() {
            return bus;
        }

        public String path() {
            return path;
        }
    }

    /** The call reached the application and failed there (unsupported method or interface, bad arguments). */
    public static final class CallFailed extends AtspiException {
        private final String errorName;

        public CallFailed(String errorName, String message, Throwable cause) {
            super(message, cause);
            this.errorName = errorName;
        }

        /** The D-Bus error name, e.g. {@code org.freedesktop.DBus.Error.UnknownMethod}; may be null. */
        public String errorName() {
            return errorName;
        }
    }

    /**
     * The caller's budget was spent before {@code bus} could be given any time to answer: no evidence about the
     * application, only that the call ran out of time (earlier waits used it up).
     */
    public static final class OutOfTime extends AtspiException {
        public OutOfTime(String bus, String method) {
            super("the call's time ran out before " + bus + " could answer " + method, null);
        }
    }

    /** The caller's budget said stop (cancelled) before the reply came. */
    public static final class Cancelled extends AtspiException {
        public Cancelled(String message) {
            super(message, null);
        }
    }
}
