package dev.uictl.commands.mcp;

import dev.uictl.core.json.Json;
import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tools.jackson.databind.JsonNode;

/**
 * The answer to one POSTed JSON-RPC request (Streamable HTTP): one JSON body when the response is all there is to
 * send, an SSE stream as soon as a notification about the request (progress) comes first, ending with the
 * response. The session answers from its call threads; the HTTP handler's thread does all the writing.
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
        Item first = items.take();
        if (first instanceof Last(JsonNode message) && message != null) {
            HttpReplies.json(response, 200, message, callback);
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
            item = items.poll(EventStream.KEEPALIVE_MS, TimeUnit.MILLISECONDS);
        }
    }
}
