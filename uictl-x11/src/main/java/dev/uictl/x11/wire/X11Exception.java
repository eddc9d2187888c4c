package dev.uictl.x11.wire;

/**
 * Everything the X11 library throws, split by phase (x11rb's ConnectError / ConnectionError / ReplyError): the
 * connection could not be set up, the connection went away, the server answered a request with an error, the
 * server lacks an extension, or a reply did not arrive in time.
 */
public sealed abstract class X11Exception extends RuntimeException {
    X11Exception(String message, Throwable cause) {
        super(message, cause);
    }

    /** The display could not be reached, or refused the connection setup (bad auth, bad protocol). */
    public static final class ConnectFailed extends X11Exception {
        private final String display;

        public ConnectFailed(String display, String message, Throwable cause) {
            super("cannot open display " + display + ": " + message, cause);
            this.display = display;
        }

        public String display() {
            return display;
        }
    }

    /** The established connection broke (server exited, socket closed, unparseable stream). */
    public static final class ConnectionLost extends X11Exception {
        public ConnectionLost(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The server rejected a request: X error {@code code} for request {@code majorOpcode}/{@code minorOpcode}. */
    public static final class Protocol extends X11Exception {
        private final XError error;

        public Protocol(XError error) {
            super(error.describe(), null);
            this.error = error;
        }

        public XError error() {
            return error;
        }

        public int code() {
            return error.code();
        }

        /**
         * Whether the request named a window (or drawable) that no longer exists: the one refusal a client that
         * races other clients' windows expects and may treat as "gone". Any other error (BadAlloc, BadMatch…) is
         * a refusal to report, never a reason to skip a window or call the window manager absent.
         */
        public boolean windowGone() {
            return error.code() == XError.BAD_WINDOW || error.code() == XError.BAD_DRAWABLE;
        }

        /** For a catch that expects only {@link #windowGone()}: anything else goes on to the caller. */
        public void rethrowUnlessWindowGone() {
            if (!windowGone()) {
                throw this;
            }
        }
    }

    /** The server does not offer an extension a request needs. */
    public static final class ExtensionMissing extends X11Exception {
        private final String extension;

        public ExtensionMissing(String extension) {
            super("the X server lacks the " + extension + " extension", null);
            this.extension = extension;
        }

        public String extension() {
            return extension;
        }
    }

    /** A request exceeds the server's maximum request length. */
    public static final class RequestTooLong extends X11Exception {
        public RequestTooLong(int words, int maxWords) {
            super("request of " + words + " words exceeds the server maximum of " + maxWords, null);
        }
    }

    /** A reply did not arrive within the allowed time (hung or stopped server). */
    public static final class Timeout extends X11Exception {
        public Timeout(String message) {
            super(message, null);
        }
    }

    /** The call a reply was awaited for was cancelled first (its client went away, or the daemon is stopping). */
    public static final class Cancelled extends X11Exception {
        public Cancelled(String message) {
            super(message, null);
        }
    }
}
