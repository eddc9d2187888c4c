package dev.uictl.commands.daemon;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Splits a byte stream into newline-terminated lines without ever holding more than {@code maxBytes} of one: the
 * rest of an over-long line is read and dropped, so a 300 MB line costs a bounded buffer and the next line is
 * served normally.
 */
public final class BoundedLines {
    /** One line, or the size of one that was too long to keep. */
    public sealed interface Line {
        record Text(String text) implements Line {
        }

        record TooLong(long bytes) implements Line {
        }
    }

    private final InputStream in;
    private final int maxBytes;
    private final byte[] chunk = new byte[64 * 1024];
    private int position;
    private int limit;

    public BoundedLines(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    int maxBytes() {
        return maxBytes;
    }

    /** The next line without its terminator (a final unterminated line counts), or null at end of input. */
    public Line next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        long length = 0;
        boolean any = false;
        while (true) {
            if (position == limit) {
                limit = in.read(chunk, 0, chunk.length);
                position = 0;
                if (limit <= 0) {
                    limit = 0;
                    return any ? finish(line, length) : null;
                }
            }
            any = true;
            int start = position;
            while (position < limit && chunk[position] != '\n') {
                position++;
            }
            int n = position - start;
            if (length + n <= maxBytes) {
                line.write(chunk, start, n);
            }
            length += n;
            if (position < limit) {
                position++; // the newline
                return finish(line, length);
            }
        }
    }

    private Line finish(ByteArrayOutputStream line, long length) {
        if (length > maxBytes) {
            return new Line.TooLong(length);
        }
        String text = line.toString(StandardCharsets.UTF_8);
        return new Line.Text(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
    }
}
