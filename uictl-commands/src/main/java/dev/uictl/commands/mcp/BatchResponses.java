package dev.uictl.commands.mcp;

import dev.uictl.core.json.Json;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * Collects the responses to one JSON-RPC batch, in the order of its messages, and sends them as one array when the
 * last message is answered; nothing at all when none of them gets a response (a batch of notifications).
 */
final class BatchResponses {
    private final JsonNode[] responses;
    private final AtomicInteger pending;
    private final Consumer<JsonNode> out;

    BatchResponses(int size, Consumer<JsonNode> out) {
        this.responses = new JsonNode[size];
        this.pending = new AtomicInteger(size);
        this.out = out;
    }

    /** The responder of message {@code index}; answer it exactly once. */
    Responder slot(int index) {
        return new Responder() {
            @Override
            public void respond(JsonNode response) {
                answered(index, response);
            }

            @Override
            public void none() {
                answered(index, null);
            }

            @Override
            public void notification(JsonNode notification) {
                out.accept(notification);
            }

            @Override
            public boolean inBatch() {
                return true;
            }
        };
    }

    private void answered(int index, JsonNode response) {
        synchronized (responses) {
            responses[index] = response;
        }
        if (pending.decrementAndGet() == 0) {
            ArrayNode array = Json.mapper().createArrayNode();
            synchronized (responses) {
                for (JsonNode r : responses) {
                    if (r != null) {
                        array.add(r);
                    }
                }
            }
            if (!array.isEmpty()) {
                out.accept(array);
            }
        }
    }
}
