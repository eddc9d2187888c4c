package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.Wire;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** GetAtomName (17). */
public record GetAtomName(int atom) implements Request<String> {
    @Override
    public void encode(RequestBuffer out) {
        out.core(17, 0).put32(atom);
    }

    @Override
    public String decodeReply(ByteBuffer reply) {
        return Wire.string(reply, 32, reply.getShort(8) & 0xffff, StandardCharsets.ISO_8859_1);
    }
}
