package dev.uictl.x11.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Events the library decodes itself. Everything else (extension events, selection events, input events) arrives
 * as {@link Raw} with the packet bytes so other packages can decode their own. {@code sent} is true for events
 * produced by SendEvent.
 */
public sealed interface X11Event {
    int FOCUS_IN = 9;
    int FOCUS_OUT = 10;
    int CREATE_NOTIFY = 16;
    int DESTROY_NOTIFY = 17;
    int UNMAP_NOTIFY = 18;
    int MAP_NOTIFY = 19;
    int REPARENT_NOTIFY = 21;
    int CONFIGURE_NOTIFY = 22;
    int PROPERTY_NOTIFY = 28;
    int CLIENT_MESSAGE = 33;
    int GENERIC_EVENT = 35;

    /** The event code without the SendEvent bit. */
    int code();

    boolean sent();

    record Focus(int code, boolean sent, int detail, int window, int mode) implements X11Event {
        public boolean in() {
            return code == FOCUS_IN;
        }
    }

    record CreateNotify(boolean sent, int parent, int window, int x, int y, int width, int height,
                        boolean overrideRedirect) implements X11Event {
        public int code() {
            return CREATE_NOTIFY;
        }
    }

    record DestroyNotify(boolean sent, int event, int window) implements X11Event {
        public int code() {
            return DESTROY_NOTIFY;
        }
    }

    record UnmapNotify(boolean sent, int event, int window) implements X11Event {
        public int code() {
            return UNMAP_NOTIFY;
        }
    }

    record MapNotify(boolean sent, int event, int window, boolean overrideRedirect) implements X11Event {
        public int code() {
            return MAP_NOTIFY;
        }
    }

    record ReparentNotify(boolean sent, int event, int window, int parent, int x, int y) implements X11Event {
        public int code() {
            return REPARENT_NOTIFY;
        }
    }

    record ConfigureNotify(boolean sent, int event, int window, int aboveSibling, int x, int y, int width,
                           int height, int borderWidth, boolean overrideRedirect) implements X11Event {
        public int code() {
            return CONFIGURE_NOTIFY;
        }
    }

    /** {@code deleted} is true when the property was deleted rather than changed. */
    record PropertyNotify(boolean sent, int window, int atom, int time, boolean deleted) implements X11Event {
        public int code() {
            return PROPERTY_NOTIFY;
        }
    }

    /** A client message; {@code data} holds the 20 data bytes (five 32-bit values when format is 32). */
    record ClientMessage(boolean sent, int format, int window, int type, byte[] data) implements X11Event {
        public int code() {
            return CLIENT_MESSAGE;
        }

        public int data32(int index) {
            return ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).getInt(index * 4);
        }
    }

    /** Any other event: the complete packet (32 bytes, more for GenericEvent), little endian. */
    record Raw(int code, boolean sent, byte[] bytes) implements X11Event {
        public ByteBuffer buffer() {
            return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        }
    }

    /** Decodes one event packet (positioned at 0, little endian). */
    static X11Event decode(ByteBuffer p) {
        int code = p.get(0) & 0x7f;
        boolean sent = (p.get(0) & 0x80) != 0;
        return switch (code) {
            case FOCUS_IN, FOCUS_OUT -> new Focus(code, sent, p.get(1) & 0xff, p.getInt(4), p.get(8) & 0xff);
            case CREATE_NOTIFY -> new CreateNotify(sent, p.getInt(4), p.getInt(8), p.getShort(12), p.getShort(14),
                    p.getShort(16) & 0xffff, p.getShort(18) & 0xffff, p.get(22) != 0);
            case DESTROY_NOTIFY -> new DestroyNotify(sent, p.getInt(4), p.getInt(8));
            case UNMAP_NOTIFY -> new UnmapNotify(sent, p.getInt(4), p.getInt(8));
            case MAP_NOTIFY -> new MapNotify(sent, p.getInt(4), p.getInt(8), p.get(12) != 0);
            case REPARENT_NOTIFY -> new ReparentNotify(sent, p.getInt(4), p.getInt(8), p.getInt(12), p.getShort(16),
                    p.getShort(18));
            case CONFIGURE_NOTIFY -> new ConfigureNotify(sent, p.getInt(4), p.getInt(8), p.getInt(12),
                    p.getShort(16), p.getShort(18), p.getShort(20) & 0xffff, p.getShort(22) & 0xffff,
                    p.getShort(24) & 0xffff, p.get(26) != 0);
            case PROPERTY_NOTIFY -> new PropertyNotify(sent, p.getInt(4), p.getInt(8), p.getInt(12), p.get(16) == 1);
            case CLIENT_MESSAGE -> {
                byte[] data = new byte[20];
                p.get(12, data);
                yield new ClientMessage(sent, p.get(1) & 0xff, p.getInt(4), p.getInt(8), data);
            }
            default -> {
                byte[] bytes = new byte[p.limit()];
                p.get(0, bytes);
                yield new Raw(code, sent, bytes);
            }
        };
    }
}
