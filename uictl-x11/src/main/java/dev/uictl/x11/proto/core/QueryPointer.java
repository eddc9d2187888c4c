package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** QueryPointer (38): where the pointer is, in root and in {@code window} coordinates. */
public record QueryPointer(int window) implements Request<QueryPointer.Reply> {
    public record Reply(boolean sameScreen, int root, int child, int rootX, int rootY, int windowX, int windowY,
                        int mask) {
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(38, 0).put32(window);
    }

    @Override
    public Reply decodeReply(ByteBuffer r) {
        return new Reply(r.get(1) != 0, r.getInt(8), r.getInt(12), r.getShort(16), r.getShort(18), r.getShort(20),
                r.getShort(22), r.getShort(24) & 0xffff);
    }
}
