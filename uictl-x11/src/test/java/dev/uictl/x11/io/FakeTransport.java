package dev.uictl.x11.io;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;

/** A scripted server: tests push the bytes the "server" sends and inspect what the client wrote. */
final class FakeTransport implements Transport {
    private static final ByteBuffer END = ByteBuffer.allocate(0);
    private final LinkedBlockingQueue<ByteBuffer> incoming = new LinkedBlockingQueue<>();
    private final List<ByteBuffer> written = new CopyOnWriteArrayList<>();
    private ByteBuffer current = ByteBuffer.allocate(0);
    private volatile boolean closed;

    void serverSends(ByteBuffer packet) {
        incoming.add(packet.duplicate());
    }

    /** The server hangs up: the client's next read sees end of stream. */
    void serverCloses() {
        incoming.add(END);
    }

    List<ByteBuffer> written() {
        return written;
    }

    boolean isClosed() {
        return closed;
    }

    @Override
    public void readFully(ByteBuffer into) throws IOException {
        while (into.hasRemaining()) {
            if (!current.hasRemaining()) {
                try {
                    current = incoming.take();
                } catch (InterruptedException e) {
                    throw new IOException("interrupted", e);
                }
                if (current == END) {
                    incoming.add(END);
                    throw new EOFException("fake server closed");
                }
            }
            int n = Math.min(into.remaining(), current.remaining());
            into.put(into.position(), current, current.position(), n);
            into.position(into.position() + n);
            current.position(current.position() + n);
        }
    }

    @Override
    public void write(ByteBuffer... buffers) throws IOException {
        if (closed) {
            throw new IOException("closed");
        }
        int total = 0;
        for (ByteBuffer b : buffers) {
            total += b.remaining();
        }
        ByteBuffer copy = ByteBuffer.allocate(total); // one entry per write call, as the socket would see it
        for (ByteBuffer b : buffers) {
            copy.put(b);
        }
        written.add(copy.flip());
    }

    @Override
    public void close() {
        closed = true;
        incoming.add(END);
    }
}
