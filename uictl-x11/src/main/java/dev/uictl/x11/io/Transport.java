package dev.uictl.x11.io;

import java.io.IOException;
import java.nio.ByteBuffer;

/** The byte stream to the server (x11rb's {@code Stream}): a blocking read, a whole write, and close. */
public interface Transport extends AutoCloseable {
    /** Fills {@code into} completely, or throws {@link java.io.EOFException} when the stream ends first. */
    void readFully(ByteBuffer into) throws IOException;

    /** Writes all remaining bytes of every buffer. */
    void write(ByteBuffer... buffers) throws IOException;

    @Override
    void close() throws IOException;
}
