package dev.uictl.commands.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads newline-delimited messages with a size bound: a line longer than the bound is skipped to its end and
 * reported as {@link #TOO_LONG}, so one oversized message cannot exhaust the daemon's memory or end the session.
 */
final class BoundedLineReader {
    /** Returned in place of a line that exceeded the bound. */
    static final String TOO_LONG = "\u0000too long";

    private final InputStream in;
    private final int maxBytes;
    private final byte[] buffer = new byte[8192];
    private int pos;
    private int limit;

    BoundedLineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next line without its terminator (a trailing CR is dropped too), or null at end of input. */
    String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean overflow = false;
        while (true) {
            if (pos == limit) {
                limit = in.read(buffer);
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    if (line.size() == 0 && !overflow) {
                        return null;
                    }
                    break;
                }
            }
            int start = pos;
            while (pos < limit && buffer[pos] != '\n') {
                pos++;
            }
            int n = pos - start;
            if (!overflow && line.size() + n > maxBytes) {
                overflow = true;
                line.reset();
            }
            if (!overflow) {
                line.write(buffer, start, n);
            }
            if (pos < limit) {
                pos++;
                break;
            }
        }
        if (overflow) {
            return TOO_LONG;
        }
        String text = line.toString(StandardCharsets.UTF_8);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }
}
