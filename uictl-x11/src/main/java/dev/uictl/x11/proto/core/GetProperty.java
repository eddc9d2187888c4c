package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/**
 * GetProperty (20). {@code type} 0 (AnyPropertyType) accepts any type; offset and length count 32-bit units.
 */
public record GetProperty(boolean delete, int window, int property, int type, int longOffset, int longLength)
        implements Request<PropertyValue> {
    /** Up to 4 MiB of the property, any type, not deleted. */
    public static GetProperty of(int window, int property) {
        return new GetProperty(false, window, property, Atom.ANY, 0, 1 << 20);
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(20, delete ? 1 : 0).put32(window).put32(property).put32(type).put32(longOffset).put32(longLength);
    }

    @Override
    public PropertyValue decodeReply(ByteBuffer reply) {
        int format = reply.get(1) & 0xff;
        int items = reply.getInt(16);
        byte[] data = new byte[format == 0 ? 0 : items * (format / 8)];
        reply.get(32, data);
        return new PropertyValue(reply.getInt(8), format, reply.getInt(12), data);
    }
}
