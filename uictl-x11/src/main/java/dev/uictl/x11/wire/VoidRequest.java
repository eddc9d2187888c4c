package dev.uictl.x11.wire;

import java.nio.ByteBuffer;

/** A request the server does not answer; errors still come back and fail its cookie. */
public interface VoidRequest extends Request<Void> {
    @Override
    default boolean hasReply() {
        return false;
    }

    @Override
    default Void decodeReply(ByteBuffer reply) {
        throw new IllegalStateException(getClass().getSimpleName() + " has no reply");
    }
}
