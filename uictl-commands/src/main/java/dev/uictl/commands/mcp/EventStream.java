package dev.uictl.commands.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Response;

/**
 * A server-sent-event stream on one HTTP response: each event flushed as it is written (no proxy buffering), and a
 * comment every so often while nothing else is sent, so idle timeouts on either side do not cut a long call.
 */
final class EventStream implements AutoCloseable {
    /** Under the server's idle timeout. */
    static final long KEEPALIVE_MS = 15_000;

    private final OutputStream out;

    private EventStream(OutputStream out) {
        this.out = out;
    }

    static EventStream open(Response response) {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
        response.getHeaders().put("X-Accel-Buffering", "no");
        return new EventStream(Content.Sink.asOutputStream(response));
    }

    /** One event; {@code name} null for the default "message" event. */
    void event(String name, String data) throws IOException {
        StringBuilder b = new StringBuilder();
        if (name != null) {
            b.append("event: ").append(name).append('\n');
        }
        for (String line : data.split("\n", -1)) {
            b.append("data: ").append(line).append('\n');
        }
        write(b.append('\n').toString());
    }

    void keepalive() throws IOException {
        write(": keepalive\n\n");
    }

    private void write(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
