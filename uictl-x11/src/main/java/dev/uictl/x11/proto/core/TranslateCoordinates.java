package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** TranslateCoordinates (40): where ({@code x},{@code y}) of {@code source} lies in {@code destination}. */
public record TranslateCoordinates(int source, int destination, int x, int y)
        implements Request<TranslateCoordinates.Reply> {
    public record Reply(boolean sameScreen, int child, int x, int y) {
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(40, 0).put32(source).put32(destination).put16(x).put16(y);
    }

    @Override
    public Reply decodeReply(ByteBuffer r) {
        return new Reply(r.get(1) != 0, r.getInt(8), r.getShort(12), r.getShort(14));
    }
}
