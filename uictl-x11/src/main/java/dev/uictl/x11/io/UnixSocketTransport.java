package dev.uictl.x11.io;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * A Unix-domain socket to {@code /tmp/.X11-unix/X<n>}, shared by every thread of the process that talks to that
 * display. The channel is in non-blocking mode and waits for readiness on selectors: a blocking channel is closed
 * for everyone when a thread that is reading or writing it gets interrupted ({@code ClosedByInterruptException}),
 * and one caller going away must never cut the others off. An interrupt that arrives while a caller waits here is
 * kept for after the write (so the caller still sees it) and does not disturb the connection.
 *
 * <p>Reads go through a buffer: the replies to a pipelined burst arrive together, and taking them with one read
 * instead of two per reply (header, then body) saves dozens of system calls per command. Reads larger than the
 * buffer (images) bypass it. One thread reads at a time and one writes at a time (the connection's reader thread
 * and write lock see to that); each direction has its own selector.
 */
public final class UnixSocketTransport implements Transport {
    private static final int BUFFER_SIZE = 64 * 1024;
    private final SocketChannel channel;
    private final Selector readable;
    private final Selector writable;
    private final ByteBuffer buffered = ByteBuffer.allocateDirect(BUFFER_SIZE).flip();

    private UnixSocketTransport(SocketChannel channel, Selector readable, Selector writable) {
        this.channel = channel;
        this.readable = readable;
        this.writable = writable;
    }

    public static UnixSocketTransport connect(Path socket) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        Selector readable = null;
        Selector writable = null;
        try {
            ch.connect(UnixDomainSocketAddress.of(socket));
            ch.configureBlocking(false);
            readable = Selector.open();
            writable = Selector.open();
            ch.register(readable, SelectionKey.OP_READ);
            ch.register(writable, SelectionKey.OP_WRITE);
            return new UnixSocketTransport(ch, readable, writable);
        } catch (IOException | RuntimeException e) {
            ch.close();
            closeQuietly(readable);
            closeQuietly(writable);
            throw e;
        }
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
                try {
                    fill(buffered);
                } finally {
                    buffered.flip();
                }
            }
        }
    }

    /** Reads at least one byte into {@code target}, waiting for the socket to become readable. */
    private void fill(ByteBuffer target) throws IOException {
        while (true) {
            int n = channel.read(target);
            if (n < 0) {
                throw new EOFException("the X server closed the connection");
            }
            if (n > 0) {
                return;
            }
            await(readable);
        }
    }

    @Override
    public void write(ByteBuffer... buffers) throws IOException {
        long remaining = 0;
        for (ByteBuffer b : buffers) {
            remaining += b.remaining();
        }
        while (remaining > 0) {
            long n = channel.write(buffers);
            remaining -= n;
            if (n == 0) {
                await(writable); // the server is not keeping up: its socket buffer is full
            }
        }
    }

    /**
     * Waits until {@code selector}'s direction is ready. A pending interrupt would make every select return at
     * once, so it is set aside for the wait and restored afterwards for the caller to act on.
     */
    private void await(Selector selector) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            while (selector.select() == 0) {
                if (!channel.isOpen()) {
                    throw new ClosedChannelException();
                }
                interrupted |= Thread.interrupted();
            }
            selector.selectedKeys().clear();
        } catch (ClosedSelectorException e) {
            throw new EOFException("the connection to the X server was closed");
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            channel.close();
        } finally {
            // Wakes a reader or writer blocked in select; its next select fails with ClosedSelectorException.
            closeQuietly(readable);
            closeQuietly(writable);
        }
    }

    private static void closeQuietly(Selector s) {
        if (s == null) {
            return;
        }
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing more to release
        }
    }
}
