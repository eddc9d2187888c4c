package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** GetGeometry (14): position relative to the parent, size and border of a drawable. */
public record GetGeometry(int drawable) implements Request<GetGeometry.Reply> {
    public record Reply(int depth, int root, int x, int y, int width, int height, int borderWidth) {
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(14, 0).put32(drawable);
    }

    @Override
    public Reply decodeReply(ByteBuffer r) {
        return new Reply(r.get(1) & 0xff, r.getInt(8), r.getShort(12), r.getShort(14), r.getShort(16) & 0xffff,
                r.getShort(18) & 0xffff, r.getShort(20) & 0xffff);
    }
}
