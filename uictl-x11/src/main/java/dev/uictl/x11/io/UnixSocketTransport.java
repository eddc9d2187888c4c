package dev.uictl.x11.io;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/** A blocking Unix-domain socket to {@code /tmp/.X11-unix/X<n>}. */
public final class UnixSocketTransport implements Transport {
    private final SocketChannel channel;

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
            if (channel.read(into) < 0) {
                throw new EOFException("the X server closed the connection");
            }
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
