package dev.uictl.x11.proto.image;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/**
 * GetImage (73) in ZPixmap format with all planes. The reply is decoded where it arrives (on the connection's
 * reader thread) straight into {@code target[targetOffset ...]} as {@code 0x??RRGGBB} ints, row after row, using
 * {@code layout}, which must describe the drawable's depth and visual. Writing into a caller's array lets strips of
 * one large capture land in place without another copy.
 */
public record GetImage(int drawable, int x, int y, int width, int height, PixelLayout layout, int[] target,
                       int targetOffset) implements Request<GetImage.Reply> {
    private static final int Z_PIXMAP = 2;

    public GetImage {
        if (targetOffset < 0 || targetOffset + (long) width * height > target.length) {
            throw new IllegalArgumentException("target array too small for " + width + "x" + height);
        }
    }

    /** A request decoding into a fresh array of {@code width * height} pixels. */
    public static GetImage of(int drawable, int x, int y, int width, int height, PixelLayout layout) {
        return new GetImage(drawable, x, y, width, height, layout, new int[width * height], 0);
    }

    /** The server's depth and visual for the image; the pixels are in the request's target. */
    public record Reply(int depth, int visual) {
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(73, Z_PIXMAP).put32(drawable).put16(x).put16(y).put16(width).put16(height).put32(-1);
    }

    @Override
    public Reply decodeReply(ByteBuffer reply) {
        int depth = reply.get(1) & 0xFF;
        if (depth != layout.depth()) {
            throw new IllegalStateException("GetImage returned depth " + depth + ", expected " + layout.depth());
        }
        layout.decode(reply.duplicate().position(32), width, height, target, targetOffset);
        return new Reply(depth, reply.getInt(8));
    }
}
