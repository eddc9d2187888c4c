package dev.uictl.x11.proto.xtest;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** XTestGetVersion (minor 0): the server's XTEST version; also proves the extension is usable. */
public record GetVersion(int major, int minor) implements Request<GetVersion.Reply> {
    public record Reply(int major, int minor) {
    }

    public static GetVersion current() {
        return new GetVersion(XTest.MAJOR, XTest.MINOR);
    }

    @Override
    public String extension() {
        return XTest.NAME;
    }

    @Override
    public void encode(RequestBuffer out) {
        out.extension(0).put8(major).put8(0).put16(minor);
    }

    @Override
    public Reply decodeReply(ByteBuffer r) {
        return new Reply(r.get(1) & 0xff, r.getShort(8) & 0xffff);
    }
}
