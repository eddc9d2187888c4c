package dev.uictl.x11.io;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * A blocking Unix-domain socket to {@code /tmp/.X11-unix/X<n>}. Reads go through a buffer: the replies to a
 * pipelined burst arrive together, and taking them with one read instead of two per reply (header, then body)
 * saves dozens of system calls per command. Reads larger than the buffer (images) bypass it.
 */
public final class UnixSocketTransport implements Transport {
    private static final int BUFFER_SIZE = 64 * 1024;
    private final SocketChannel channel;
    private final ByteBuffer buffered = ByteBuffer.allocateDirect(BUFFER_SIZE).flip();

    private UnixSocketTransport(SocketChannel channel) {
        this.channel = channel;
    }

    public static UnixSocketTransport connect(Path socket) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            ch.close();
            throw e;
        }
        return new UnixSocketTransport(ch);
    }

    @Override
    public void readFully(ByteBuffer into) throws IOException {
        while (into.hasRemaining()) {
            if (buffered.hasRemaining()) {
                int n = Math.min(buffered.remaining(), into.remaining());
                into.put(into.position(), buffered, buffered.position(), n);
                into.position(into.position() + n);
                buffered.position(buffered.position() + n);
            } else if (into.remaining() >= BUFFER_SIZE) {
                fill(into);
            } else {
                buffered.clear();
                fill(buffered);
                buffered.flip();
            }
        }
    }

    private void fill(ByteBuffer target) throws IOException {
        if (channel.read(target) < 0) {
            throw new EOFException("the X server closed the connection");
        }
    }

    @Override
    public void write(ByteBuffer... buffers) throws IOException {
        long remaining = 0;
        for (ByteBuffer b : buffers) {
            remaining += b.remaining();
        }
        while (remaining > 0) {
            remaining -= channel.write(buffers);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
