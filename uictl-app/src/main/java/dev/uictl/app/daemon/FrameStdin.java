package dev.uictl.app.daemon;

import dev.uictl.app.dispatch.RawInput;
import dev.uictl.protocol.Frame;
import dev.uictl.protocol.FrameCodec;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The client's stdin, fetched lazily: the first read asks the client to start forwarding ({@link Frame.SendStdin});
 * chunks arrive from the connection's reader thread. Commands that never read stdin never make the client read it.
 */
final class FrameStdin extends InputStream implements RawInput {
    private static final byte[] EOF = new byte[0];
    private final DataOutputStream socket;
    private final LinkedBlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
    private boolean requested;
    private boolean raw;
    private byte[] current = new byte[0];
    private int position;
    private boolean ended;

    FrameStdin(DataOutputStream socket) {
        this.socket = socket;
    }

    /** Asks for the client's terminal in raw mode; only effective before the first read. */
    @Override
    public synchronized InputStream raw() {
        raw = true;
        return this;
    }

    void offer(byte[] chunk) {
        chunks.add(chunk);
    }

    /** The client sent EOF or went away. */
    void end() {
        chunks.add(EOF);
    }

    @Override
    public synchronized int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (position >= current.length) {
            if (ended) {
                return -1;
            }
            request();
            try {
                current = chunks.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while reading stdin");
            }
            position = 0;
            if (current == EOF) {
                ended = true;
                return -1;
            }
        }
        int n = Math.min(len, current.length - position);
        System.arraycopy(current, position, b, off, n);
        position += n;
        return n;
    }

    private void request() throws IOException {
        if (!requested) {
            requested = true;
            synchronized (socket) {
                FrameCodec.write(socket, new Frame.SendStdin(raw));
                socket.flush();
            }
        }
    }
}
