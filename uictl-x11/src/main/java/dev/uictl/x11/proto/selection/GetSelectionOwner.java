package dev.uictl.x11.proto.selection;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** GetSelectionOwner (23): the window owning {@code selection}, 0 when nobody does. */
public record GetSelectionOwner(int selection) implements Request<Integer> {
    @Override
    public void encode(RequestBuffer out) {
        out.core(23, 0).put32(selection);
    }

    @Override
    public Integer decodeReply(ByteBuffer reply) {
        return reply.getInt(8);
    }
}
