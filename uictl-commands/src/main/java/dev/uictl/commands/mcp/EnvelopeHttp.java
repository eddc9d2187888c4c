package dev.uictl.commands.mcp;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.CallRequest;
import dev.uictl.core.render.RenderOptions;
import dev.uictl.core.render.Renderer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The envelope API for clients that do not speak MCP (shell scripts, fleet harnesses): {@code POST /v1/call} with
 * {@code {"command":"list-windows","args":{…}}} answers the envelope the CLI prints, with the CLI's exit code in
 * {@value #EXIT_HEADER}; {@code GET /v1/events?duration=…&events=…} streams `watch` events as SSE. Calls share the
 * refs namespace of the command line unless the request names one in {@value StreamableHttp#SHARE_HEADER}.
 */
final class EnvelopeHttp {
    static final String EXIT_HEADER = "Uictl-Exit-Code";

    private final Function<CallRequest, Envelope> calls;
    private final Set<Cancellation> running = ConcurrentHashMap.newKeySet();

    EnvelopeHttp(Function<CallRequest, Envelope> calls) {
        this.calls = calls;
    }

    void call(Request request, Response response, Callback callback, byte[] body) {
        if (!request.getMethod().equals("POST")) {
            response.getHeaders().put(HttpHeader.ALLOW, "POST");
            reply(response, 405, usage("POST a JSON object {\"command\":…,\"args\":{…}} to /v1/call"), callback);
            return;
        }
        JsonNode call;
        try {
            call = Json.mapper().readTree(body);
        } catch (JacksonException e) {
            reply(response, 400, usage("the body is not JSON: " + e.getOriginalMessage()), callback);
            return;
        }
        if (call == null || !call.isObject() || !call.path("command").isString()) {
            reply(response, 400, usage("the body must be {\"command\":\"NAME\",\"args\":{…}}"), callback);
            return;
        }
        JsonNode args = call.get("args");
        if (args != null && !args.isObject() && !args.isNull()) {
            reply(response, 400, usage("\"args\" must be an object"), callback);
            return;
        }
        Envelope e = run(request, call.get("command").asString(), args, null);
        reply(response, 200, e, callback);
    }

    /** `watch` as an event stream: one SSE event per envelope it emits, then its final envelope as "result". */
    void events(Request request, Response response, Callback callback) throws Exception {
        if (!request.getMethod().equals("GET")) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET");
            reply(response, 405, usage("GET /v1/events streams watch events"), callback);
            return;
        }
        ObjectNode args = Json.object();
        for (Fields.Field f : Request.extractQueryParameters(request)) {
            args.put(f.getName(), f.getValue());
        }
        EventStream stream = EventStream.open(response);
        stream.keepalive();
        Envelope last = run(request, "watch", args, emitted -> {
            try {
                stream.event("envelope", Renderer.render(emitted, RenderOptions.DEFAULT).strip());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        stream.event("result", Renderer.render(last, RenderOptions.DEFAULT).strip());
        stream.close();
        callback.succeeded();
    }

    private Envelope run(Request request, String command, JsonNode args,
                         java.util.function.Consumer<Envelope> emitted) {
        Cancellation cancellation = new Cancellation();
        running.add(cancellation);
        try {
            String shared = request.getHeaders().get(StreamableHttp.SHARE_HEADER);
            return calls.apply(new CallRequest(command, args == null ? Json.object() : args,
                    shared == null || shared.isBlank() ? null : shared.strip(), cancellation,
                    emitted != null ? emitted : e -> { }));
        } finally {
            running.remove(cancellation);
        }
    }

    /** Server shutdown: running calls stop waiting. */
    void cancelAll() {
        running.forEach(c -> c.cancel("the HTTP server stopped"));
    }

    private static Envelope usage(String message) {
        return Envelope.failure("uictl", UictlException.of(ErrorCode.INVALID_ARGS, message)
                .withHint("Run `curl -s -H \"Authorization: Bearer $(uictl mcp token)\" -d "
                        + "'{\"command\":\"version\"}' http://127.0.0.1:PORT/v1/call`."));
    }

    private static void reply(Response response, int status, Envelope e, Callback callback) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(EXIT_HEADER, Integer.toString(e.exitCode()));
        byte[] bytes = Renderer.render(e, RenderOptions.DEFAULT).getBytes(StandardCharsets.UTF_8);
        response.write(true, ByteBuffer.wrap(bytes), callback);
    }
}
