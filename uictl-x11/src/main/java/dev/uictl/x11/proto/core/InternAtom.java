package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** InternAtom (16): the atom for {@code name}; 0 when {@code onlyIfExists} and it does not exist yet. */
public record InternAtom(String name, boolean onlyIfExists) implements Request<Integer> {
    @Override
    public void encode(RequestBuffer out) {
        byte[] n = RequestBuffer.latin1(name);
        out.core(16, onlyIfExists ? 1 : 0).put16(n.length).put16(0).put(n);
    }

    @Override
    public Integer decodeReply(ByteBuffer reply) {
        return reply.getInt(8);
    }
}
