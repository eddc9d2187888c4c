package dev.uictl.commands.mcp;

import dev.uictl.core.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON-RPC 2.0 message shapes and error codes, as MCP uses them. */
final class JsonRpc {
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    /** Implementation-defined server error: more calls in flight than the session allows. */
    static final int SERVER_BUSY = -32000;
    /** MCP's code for a resources/read of a URI the server does not have. */
    static final int RESOURCE_NOT_FOUND = -32002;

    private JsonRpc() {
    }

    static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode m = message();
        m.set("id", id);
        m.set("result", result);
        return m;
    }

    /** @param id the request's id, or null when it could not be read (then JSON null, as JSON-RPC requires) */
    static ObjectNode error(JsonNode id, int code, String text) {
        ObjectNode m = message();
        m.set("id", id == null ? Json.mapper().nullNode() : id);
        ObjectNode error = m.putObject("error");
        error.put("code", code);
        error.put("message", text);
        return m;
    }

    static ObjectNode notification(String method, JsonNode params) {
        ObjectNode m = message();
        m.put("method", method);
        m.set("params", params);
        return m;
    }

    /** A valid request id is a string or an integer (JSON-RPC allows numbers; MCP forbids null). */
    static boolean validId(JsonNode id) {
        return id != null && (id.isString() || id.isIntegralNumber());
    }

    private static ObjectNode message() {
        ObjectNode m = Json.object();
        m.put("jsonrpc", "2.0");
        return m;
    }

    /** Thrown while handling a request to answer it with a JSON-RPC error instead of a result. */
    static final class Failure extends RuntimeException {
        final int code;

        Failure(int code, String message) {
            super(message, null, false, false);
            this.code = code;
        }
    }
}
