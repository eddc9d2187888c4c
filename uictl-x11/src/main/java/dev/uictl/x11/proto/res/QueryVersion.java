package dev.uictl.x11.proto.res;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** XResQueryVersion (minor 0); client ids need 1.2. */
public record QueryVersion(int major, int minor) implements Request<QueryVersion.Reply> {
    public record Reply(int major, int minor) {
    }

    @Override
    public String extension() {
        return XRes.NAME;
    }

    @Override
    public void encode(RequestBuffer out) {
        out.extension(0).put8(major).put8(minor).skip(2);
    }

    @Override
    public Reply decodeReply(ByteBuffer r) {
        return new Reply(r.getShort(8) & 0xffff, r.getShort(10) & 0xffff);
    }
}
