package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.ExtensionInfo;
import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** QueryExtension (98). */
public record QueryExtension(String name) implements Request<ExtensionInfo> {
    @Override
    public void encode(RequestBuffer out) {
        byte[] n = RequestBuffer.latin1(name);
        out.core(98, 0).put16(n.length).put16(0).put(n);
    }

    @Override
    public ExtensionInfo decodeReply(ByteBuffer r) {
        return new ExtensionInfo(name, r.get(8) != 0, r.get(9) & 0xff, r.get(10) & 0xff, r.get(11) & 0xff);
    }
}
