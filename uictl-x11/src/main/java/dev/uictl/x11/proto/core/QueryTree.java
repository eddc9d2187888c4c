package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** QueryTree (15): root, parent and the children in stacking order, bottom-most first. */
public record QueryTree(int window) implements Request<QueryTree.Reply> {
    public record Reply(int root, int parent, int[] children) {
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(15, 0).put32(window);
    }

    @Override
    public Reply decodeReply(ByteBuffer reply) {
        int[] children = new int[reply.getShort(16) & 0xffff];
        for (int i = 0; i < children.length; i++) {
            children[i] = reply.getInt(32 + 4 * i);
        }
        return new Reply(reply.getInt(8), reply.getInt(12), children);
    }
}
