package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** GetInputFocus (43); also the cheapest round trip, used to sync. Focus 0 = None, 1 = PointerRoot. */
public record GetInputFocus() implements Request<GetInputFocus.Reply> {
    public record Reply(int revertTo, int focus) {
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(43, 0);
    }

    @Override
    public Reply decodeReply(ByteBuffer r) {
        return new Reply(r.get(1) & 0xff, r.getInt(8));
    }
}
