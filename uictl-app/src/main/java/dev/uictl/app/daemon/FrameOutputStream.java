package dev.uictl.app.daemon;

import dev.uictl.protocol.Frame;
import dev.uictl.protocol.FrameCodec;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/** Bytes written here reach the client's stdout or stderr as frames; flush() sends what is buffered. */
final class FrameOutputStream extends OutputStream {
    private final DataOutputStream socket;
    private final boolean stderr;
    private byte[] buffer = new byte[8192];
    private int count;

    FrameOutputStream(DataOutputStream socket, boolean stderr) {
        this.socket = socket;
        this.stderr = stderr;
    }

    @Override
    public synchronized void write(int b) {
        ensure(1);
        buffer[count++] = (byte) b;
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buffer, count, len);
        count += len;
    }

    private void ensure(int more) {
        if (count + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, count + more));
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (count == 0) {
            return;
        }
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
