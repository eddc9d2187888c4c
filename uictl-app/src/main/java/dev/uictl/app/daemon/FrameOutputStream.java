package dev.uictl.app.daemon;

import dev.uictl.protocol.Frame;
import dev.uictl.protocol.FrameCodec;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Bytes written here reach the client's stdout or stderr as frames; flush() sends what is buffered. A frame holds at
 * most {@link #FRAME_BYTES}: output larger than a frame may carry ({@link FrameCodec#MAX_PAYLOAD}, which clients
 * refuse past) goes out in several, as it is written, so the daemon never holds more than one frame of it either.
 */
final class FrameOutputStream extends OutputStream {
    static final int FRAME_BYTES = 1 << 20;
    private final DataOutputStream socket;
    private final boolean stderr;
    private byte[] buffer = new byte[8192];
    private int count;

    FrameOutputStream(DataOutputStream socket, boolean stderr) {
        this.socket = socket;
        this.stderr = stderr;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        ensure(1);
        buffer[count++] = (byte) b;
        if (count == FRAME_BYTES) {
            send();
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int n = Math.min(len, FRAME_BYTES - count);
            ensure(n);
            System.arraycopy(b, off, buffer, count, n);
            count += n;
            off += n;
            len -= n;
            if (count == FRAME_BYTES) {
                send();
            }
        }
    }

    private void ensure(int more) {
        if (count + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.min(FRAME_BYTES, Math.max(buffer.length * 2, count + more)));
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (count > 0) {
            send();
        }
    }

    private void send() throws IOException {
        byte[] bytes = Arrays.copyOf(buffer, count);
        count = 0;
        synchronized (socket) {
            FrameCodec.write(socket, stderr ? new Frame.Stderr(bytes) : new Frame.Stdout(bytes));
            socket.flush();
        }
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
