package dev.uictl.commands.mcp;

import dev.uictl.core.json.Json;
import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tools.jackson.databind.JsonNode;

/**
 * The answer to one POSTed JSON-RPC request (Streamable HTTP): one JSON body when the response is all there is to
 * send, an SSE stream as soon as a notification about the request (progress) comes first — or, when a
 * {@code watchMs} is given, once the response takes longer than that, so that the keepalives written every
 * {@code watchMs} notice a client that closed the stream (2026-07-28: closing it cancels the request). The
 * session answers from its call threads; the HTTP handler's thread does all the writing.
 */
final class PostReply implements Responder {
    private sealed interface Item {
    }

    private record Note(JsonNode message) implements Item {
    }

    /** The response; null when the request gets none (it was cancelled). */
    private record Last(JsonNode message) implements Item {
    }

    private final BlockingQueue<Item> items = new LinkedBlockingQueue<>();
    private final long watchMs;
    private final ToIntFunction<JsonNode> status;

    /**
     * @param watchMs 0 to answer with JSON whenever the response comes first, however late
     * @param status  the HTTP status of a JSON answer
     */
    PostReply(long watchMs, ToIntFunction<JsonNode> status) {
        this.watchMs = watchMs;
        this.status = status;
    }

    @Override
    public void respond(JsonNode response) {
        items.add(new Last(response));
    }

    @Override
    public void none() {
        items.add(new Last(null));
    }

    @Override
    public void notification(JsonNode notification) {
        items.add(new Note(notification));
    }

    /** Blocks until the response is known, writing what comes before it, and completes the exchange. */
    void writeTo(Response response, Callback callback) throws IOException, InterruptedException {
        Item first = watchMs > 0 ? items.poll(watchMs, TimeUnit.MILLISECONDS) : items.take();
        if (first instanceof Last(JsonNode message) && message != null) {
            HttpReplies.json(response, status.applyAsInt(message), message, callback);
            return;
        }
        EventStream stream = EventStream.open(response);
        Item item = first;
        while (true) {
            switch (item) {
                case Note(JsonNode message) -> stream.event(null, Json.write(message));
                case Last(JsonNode message) -> {
                    if (message != null) {
                        stream.event(null, Json.write(message));
                    }
                    stream.close();
                    callback.succeeded();
                    return;
                }
                case null -> stream.keepalive();
            }
            item = items.poll(watchMs > 0 ? watchMs : EventStream.KEEPALIVE_MS, TimeUnit.MILLISECONDS);
        }
    }
}
