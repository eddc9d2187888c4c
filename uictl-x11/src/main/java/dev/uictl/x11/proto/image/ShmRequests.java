package dev.uictl.x11.proto.image;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;
import java.nio.ByteBuffer;

/** The MIT-SHM requests screen capture uses: attach a segment, read an image into it, detach it. */
final class ShmRequests {
    static final String EXTENSION = "MIT-SHM";

    private ShmRequests() {
    }

    /** ShmAttach (1): the server maps System V segment {@code shmid} as {@code segment}, writable. */
    record Attach(int segment, int shmid) implements VoidRequest {
        @Override
        public String extension() {
            return EXTENSION;
        }

        @Override
        public void encode(RequestBuffer out) {
            out.extension(1).put32(segment).put32(shmid).put8(0).skip(3);
        }
    }

    /** ShmDetach (2). */
    record Detach(int segment) implements VoidRequest {
        @Override
        public String extension() {
            return EXTENSION;
        }

        @Override
        public void encode(RequestBuffer out) {
            out.extension(2).put32(segment);
        }
    }

    /** ShmGetImage (4) in ZPixmap format with all planes, written at {@code offset} of {@code segment}. */
    record GetImage(int drawable, int x, int y, int width, int height, int segment, int offset)
            implements Request<Integer> {
        private static final int Z_PIXMAP = 2;

        @Override
        public String extension() {
            return EXTENSION;
        }

        @Override
        public void encode(RequestBuffer out) {
            out.extension(4).put32(drawable).put16(x).put16(y).put16(width).put16(height).put32(-1).put8(Z_PIXMAP)
                    .skip(3).put32(segment).put32(offset);
        }

        /** The depth of the image written. */
        @Override
        public Integer decodeReply(ByteBuffer reply) {
            return reply.get(1) & 0xFF;
        }
    }
}
