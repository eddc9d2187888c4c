package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** GetWindowAttributes (3). {@code mapState}: 0 unmapped, 1 unviewable, 2 viewable. */
public record GetWindowAttributes(int window) implements Request<GetWindowAttributes.Reply> {
    public static final int UNMAPPED = 0;
    public static final int UNVIEWABLE = 1;
    public static final int VIEWABLE = 2;

    public record Reply(int visual, int windowClass, int mapState, boolean overrideRedirect, int colormap,
                        int allEventMasks, int yourEventMask) {
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(3, 0).put32(window);
    }

    @Override
    public Reply decodeReply(ByteBuffer r) {
        return new Reply(r.getInt(8), r.getShort(12) & 0xffff, r.get(26) & 0xff, r.get(27) != 0, r.getInt(28),
                r.getInt(32), r.getInt(36));
    }
}
