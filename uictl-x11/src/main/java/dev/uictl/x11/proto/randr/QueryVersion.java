package dev.uictl.x11.proto.randr;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** RRQueryVersion (minor 0): announces the client's version; must precede other RandR requests. */
public record QueryVersion(int major, int minor) implements Request<QueryVersion.Reply> {
    public record Reply(int major, int minor) {
    }

    public static QueryVersion current() {
        return new QueryVersion(RandR.MAJOR, RandR.MINOR);
    }

    @Override
    public String extension() {
        return RandR.NAME;
    }

    @Override
    public void encode(RequestBuffer out) {
        out.extension(0).put32(major).put32(minor);
    }

    @Override
    public Reply decodeReply(ByteBuffer r) {
        return new Reply(r.getInt(8), r.getInt(12));
    }
}
