package dev.uictl.commands.daemon;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CallRequest;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandRegistry;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Runs one request of `serve --stdio` or `batch`: {@code {"argv":[...]}} goes through the command-line parser
 * exactly as typed; {@code {"command":"x","args":{...},"session":"s"}} is a structured call whose arguments bind
 * straight to the command's parameters (no argv round trip).
 */
final class RequestLine {
    private RequestLine() {
    }

    static Envelope run(JsonNode request, CommandContext ctx) {
        if (request.has("argv")) {
            List<String> argv = argv(request.get("argv"));
            refuseNested(argv, ctx.service(CommandRegistry.class));
            return ctx.invoke(argv);
        }
        if (request.has("command") && request.get("command").isString()) {
            String name = request.get("command").asString();
            JsonNode session = request.get("session");
            if (name.equals("batch")) {
                throw nested("batch");
            }
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

    /** Interactive commands own the caller's input and output; a nested batch would recurse. */
    private static void refuseNested(List<String> argv, CommandRegistry registry) {
        String name = registry.longestCommandPrefix(argv).orElse("");
        if (name.equals("batch") || registry.find(name).map(c -> c.spec().interactive()).orElse(false)) {
            throw nested(registry.find(name).orElseThrow().spec().name());
        }
    }

    private static UictlException nested(String name) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "'" + name + "' cannot run inside serve or batch")
                .withHint("Run it as its own uictl process.");
    }
}
