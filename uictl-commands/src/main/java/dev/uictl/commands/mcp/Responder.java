package dev.uictl.commands.mcp;

import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Where the response to one incoming message goes: straight to the client, into the array answering the batch
 * it came in, or onto the HTTP request that carried it. Every message is answered exactly once, by
 * {@link #respond} or — notifications, responses, cancelled calls — by {@link #none}.
 */
interface Responder {
    void respond(JsonNode response);

    /** The message gets no response. */
    void none();

    /** A notification about the message's request (progress), sent before its response. */
    void notification(JsonNode notification);

    /** Whether the message came inside a JSON-RPC batch. */
    default boolean inBatch() {
        return false;
    }

    /** Responses written to the client one per line. */
    static Responder to(Consumer<JsonNode> out) {
        return new Responder() {
            @Override
            public void respond(JsonNode response) {
                out.accept(response);
            }

            @Override
            public void none() {
            }

            @Override
            public void notification(JsonNode notification) {
                out.accept(notification);
            }
        };
    }
}
