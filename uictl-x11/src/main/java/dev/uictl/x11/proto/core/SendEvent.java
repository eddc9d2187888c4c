package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** SendEvent (25): delivers a 32-byte event to {@code destination}'s clients selecting {@code eventMask}. */
public record SendEvent(boolean propagate, int destination, int eventMask, byte[] event) implements VoidRequest {
    public SendEvent {
        if (event.length != 32) {
            throw new IllegalArgumentException("an event is 32 bytes, got " + event.length);
        }
    }

    /**
     * The EWMH way to ask the window manager for something: a format-32 ClientMessage about {@code window},
     * sent to the root with SubstructureRedirect | SubstructureNotify.
     */
    public static SendEvent toWindowManager(int root, int window, int messageType, int... data) {
        return new SendEvent(false, root, EventMask.SUBSTRUCTURE_REDIRECT | EventMask.SUBSTRUCTURE_NOTIFY,
                clientMessage(window, messageType, data));
    }

    /** A ClientMessage event (33) of format 32 carrying up to five values. */
    public static byte[] clientMessage(int window, int messageType, int... data) {
        if (data.length > 5) {
            throw new IllegalArgumentException("a client message carries at most five 32-bit values");
        }
        ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 33).put((byte) 32).putShort((short) 0).putInt(window).putInt(messageType);
        for (int v : data) {
            b.putInt(v);
        }
        return b.array();
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(25, propagate ? 1 : 0).put32(destination).put32(eventMask).put(event);
    }
}
