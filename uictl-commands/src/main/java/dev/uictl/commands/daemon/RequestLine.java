package dev.uictl.commands.daemon;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CallRequest;
import dev.uictl.core.registry.CommandContext;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Runs one request of `serve --stdio` or `batch`: {@code {"argv":[...]}} goes through the command-line parser
 * exactly as typed; {@code {"command":"x","args":{...},"session":"s"}} is a structured call whose arguments bind
 * straight to the command's parameters (no argv round trip). Which commands may run nested is the dispatcher's rule
 * ({@link dev.uictl.core.registry.CommandSpec#nestable()}), not this class's.
 */
final class RequestLine {
    private RequestLine() {
    }

    static Envelope run(JsonNode request, CommandContext ctx) {
        if (request.has("argv")) {
            return ctx.invoke(argv(request.get("argv")));
        }
        if (request.has("command") && request.get("command").isString()) {
            String name = request.get("command").asString();
            JsonNode session = request.get("session");
            return ctx.call(new CallRequest(name, request.get("args"),
                    session != null && session.isString() ? session.asString() : null, null, null));
        }
        throw UictlException.of(ErrorCode.PROTOCOL_ERROR, "a request needs 'argv' or 'command'");
    }

    private static List<String> argv(JsonNode argv) {
        if (!argv.isArray() || argv.isEmpty()) {
            throw UictlException.of(ErrorCode.PROTOCOL_ERROR, "'argv' must be a non-empty array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode a : argv) {
            if (!a.isString() && !a.isNumber()) {
                throw UictlException.of(ErrorCode.PROTOCOL_ERROR, "'argv' must contain only strings");
            }
            out.add(a.asString());
        }
        return out;
    }
}
