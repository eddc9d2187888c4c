package dev.uictl.commands.mcp;

import dev.uictl.core.json.Json;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tools.jackson.databind.JsonNode;

/** Whole (non-streamed) HTTP answers of `mcp --http`. */
final class HttpReplies {
    private HttpReplies() {
    }

    static void json(Response response, int status, JsonNode body, Callback callback) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(Json.write(body).getBytes(StandardCharsets.UTF_8)), callback);
    }

    /** A status with a JSON-RPC error that has no id, as Streamable HTTP allows for transport-level refusals. */
    static void rpcError(Response response, int status, int code, String message, Callback callback) {
        JsonNode error = JsonRpc.error(null, code, message);
        ((tools.jackson.databind.node.ObjectNode) error).remove("id");
        json(response, status, error, callback);
    }

    static void empty(Response response, int status, Callback callback) {
        response.setStatus(status);
        response.write(true, null, callback);
    }
}
