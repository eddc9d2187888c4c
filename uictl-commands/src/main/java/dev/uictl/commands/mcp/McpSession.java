package dev.uictl.commands.mcp;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Command;
import dev.uictl.core.render.Format;
import dev.uictl.core.render.RenderOptions;
import dev.uictl.core.render.Renderer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One MCP session over newline-delimited JSON-RPC: initialize (revision negotiation), ping, tools/list with
 * cursors, tools/call (each on its own virtual thread with its own cancellation token), notifications/cancelled and
 * progress notifications, and JSON-RPC batch arrays where the negotiated revision has them (2025-03-26 and older).
 * A malformed message gets a JSON-RPC error and the session goes on.
 */
final class McpSession {
    /** Runs one command call; the MCP layer never sees argv, sockets or the dispatcher. */
    interface Calls {
        Envelope call(String command, JsonNode args, Cancellation cancellation, Consumer<Envelope> emitted);
    }

    static final long PROGRESS_INTERVAL_MS = 1000;
    private static final String INSTRUCTIONS = "uictl drives this Linux computer: X11 windows, mouse and keyboard, "
            + "screenshots, and terminal programs under a PTY. Loop: observe (list-windows, screenshot, "
            + "term_screen), act (click, type, press, term_keys), wait for the consequence (wait_window, term_wait), "
            + "verify by observing again. Every result is the uictl envelope: on failure read error.code, "
            + "error.hint (a runnable next step) and error.delivery (retry freely only when not_delivered). A result "
            + "too large for the host arrives cut, its first line naming the file that holds it whole.";

    private final ToolCatalog catalog;
    private final Calls calls;
    private final Consumer<JsonNode> out;
    private final int pageSize;
    private final int maxInFlight;
    private final String serverVersion;
    private final ResultCap cap;
    private final Map<String, InFlight> inFlight = new ConcurrentHashMap<>();
    private volatile ProtocolRevision revision = ProtocolRevision.LATEST;

    McpSession(ToolCatalog catalog, Calls calls, Consumer<JsonNode> out, int pageSize, int maxInFlight,
               String serverVersion, ResultCap cap) {
        this.catalog = catalog;
        this.calls = calls;
        this.out = out;
        this.pageSize = pageSize;
        this.maxInFlight = maxInFlight;
        this.serverVersion = serverVersion;
        this.cap = cap;
    }

    /**
     * Speaks {@code r} from the start, without `initialize`: the session behind requests of a sessionless revision
     * (2026-07-28), where each request names its revision.
     */
    McpSession speaking(ProtocolRevision r) {
        revision = r;
        return this;
    }

    /** Handles one incoming line; answers requests (calls asynchronously), never throws. */
    void handle(String line) {
        if (line.isBlank()) {
            return;
        }
        if (line.equals(BoundedLineReader.TOO_LONG)) {
            out.accept(JsonRpc.error(null, JsonRpc.INVALID_REQUEST, "message too large"));
            return;
        }
        JsonNode message;
        try {
            message = Json.parse(line);
        } catch (JacksonException e) {
            out.accept(JsonRpc.error(null, JsonRpc.PARSE_ERROR, "Parse error: " + e.getOriginalMessage()));
            return;
        }
        if (message.isArray() && revision.hasBatches()) {
            batch(message);
            return;
        }
        handle(message, Responder.to(out));
    }

    /**
     * A JSON-RPC batch (2025-03-26 and older): every element is handled like a message of its own, and the
     * responses to its requests leave together as one array once the last one is known (tools/calls run
     * concurrently); a batch of notifications only gets no answer, an empty one is an error.
     */
    private void batch(JsonNode messages) {
        if (messages.isEmpty()) {
            out.accept(JsonRpc.error(null, JsonRpc.INVALID_REQUEST, "an empty batch"));
            return;
        }
        BatchResponses responses = new BatchResponses(messages.size(), out);
        for (int i = 0; i < messages.size(); i++) {
            handle(messages.get(i), responses.slot(i));
        }
    }

    /** Handles one parsed message (a transport that frames messages itself: HTTP); never throws. */
    void handle(JsonNode message, Responder responder) {
        JsonNode id = message.isObject() ? message.get("id") : null;
        try {
            dispatch(message, responder);
        } catch (JsonRpc.Failure f) {
            responder.respond(JsonRpc.error(JsonRpc.validId(id) ? id : null, f.code, f.getMessage()));
        } catch (RuntimeException e) {
            System.getLogger("uictl.mcp").log(System.Logger.Level.ERROR, "mcp request failed", e);
            responder.respond(JsonRpc.error(JsonRpc.validId(id) ? id : null, JsonRpc.INTERNAL_ERROR, e.toString()));
        }
    }

    private void dispatch(JsonNode message, Responder responder) {
        if (message.isArray()) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_REQUEST, responder.inBatch() ? "a batch inside a batch"
                    : "JSON-RPC batches ended with protocol revision 2025-06-18 (this session speaks "
                    + revision.wire() + "); send one message per line");
        }
        if (!message.isObject()) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_REQUEST, "a message must be a JSON object");
        }
        if (!"2.0".equals(message.path("jsonrpc").asString(null))) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"");
        }
        JsonNode method = message.get("method");
        JsonNode id = message.get("id");
        if (method == null && id != null && (message.has("result") || message.has("error"))) {
            responder.none();
            return; // a response; this server sends no requests, so there is nothing to match it to
        }
        if (method == null || !method.isString()) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_REQUEST, "\"method\" must be a string");
        }
        JsonNode params = message.get("params");
        if (id == null && params != null && !params.isObject() && !params.isNull()) {
            responder.none();
            return; // a malformed notification: notifications are never answered
        }
        if (params != null && !params.isObject() && !params.isNull()) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_PARAMS, "\"params\" must be an object");
        }
        ObjectNode p = params != null && params.isObject() ? (ObjectNode) params : Json.object();
        if (id == null) {
            notification(method.asString(), p);
            responder.none();
            return;
        }
        if (!JsonRpc.validId(id)) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_REQUEST, "\"id\" must be a string or an integer");
        }
        switch (method.asString()) {
            case "initialize" -> {
                if (responder.inBatch()) {
                    throw new JsonRpc.Failure(JsonRpc.INVALID_REQUEST, "initialize must not be part of a batch");
                }
                responder.respond(JsonRpc.result(id, initialize(p)));
            }
            case "server/discover" -> responder.respond(JsonRpc.result(id, discover()));
            case "ping" -> responder.respond(JsonRpc.result(id, Json.object()));
            case "tools/list" -> responder.respond(JsonRpc.result(id, listTools(p)));
            case "tools/call" -> callTool(id, p, responder);
            case "resources/list" -> responder.respond(JsonRpc.result(id, listResources()));
            case "resources/templates/list" -> responder.respond(JsonRpc.result(id,
                    Json.object().set("resourceTemplates", Json.mapper().createArrayNode())));
            case "resources/read" -> responder.respond(JsonRpc.result(id, readResource(p)));
            default -> throw new JsonRpc.Failure(JsonRpc.METHOD_NOT_FOUND, "Method not found: " + method.asString());
        }
    }

    private void notification(String method, ObjectNode params) {
        if (method.equals("notifications/cancelled")) {
            InFlight call = inFlight.get(key(params.get("requestId")));
            if (call != null) {
                String reason = params.path("reason").asString("cancelled by the client");
                call.cancellation.cancel(reason.isEmpty() ? "cancelled by the client" : reason);
            }
        }
        // notifications/initialized and anything else: nothing to answer (notifications get no reply)
    }

    private ObjectNode initialize(ObjectNode params) {
        JsonNode asked = params.get("protocolVersion");
        if (asked == null || !asked.isString()) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_PARAMS, "initialize needs \"protocolVersion\"");
        }
        revision = ProtocolRevision.of(asked.asString()).filter(r -> !r.sessionless())
                .orElse(ProtocolRevision.LATEST);
        ObjectNode result = Json.object();
        result.put("protocolVersion", revision.wire());
        ObjectNode capabilities = result.putObject("capabilities");
        capabilities.putObject("tools").put("listChanged", false);
        capabilities.putObject("resources"); // the whole envelopes of results too large to answer
        ObjectNode info = result.putObject("serverInfo");
        info.put("name", "uictl");
        if (revision.hasStructuredOutput()) {
            info.put("title", "uictl — desktop, terminal and tmux control for agents");
        }
        info.put("version", serverVersion);
        String unlisted = catalog.unlisted();
        result.put("instructions", unlisted.isEmpty() ? INSTRUCTIONS : INSTRUCTIONS + " " + unlisted);
        return result;
    }

    /**
     * 2026-07-28's replacement of initialize: versions, capabilities, identity and instructions, cacheable. A session
     * that began with initialize does not know it (a dual-era client's probe then falls back to initialize).
     */
    private ObjectNode discover() {
        if (!revision.sessionless()) {
            throw new JsonRpc.Failure(JsonRpc.METHOD_NOT_FOUND, "Method not found: server/discover");
        }
        ObjectNode result = Json.object();
        ArrayNode versions = result.putArray("supportedVersions");
        ProtocolRevision.supported().forEach(versions::add);
        result.putObject("capabilities").putObject("tools");
        result.put("instructions", INSTRUCTIONS);
        result.put("ttlMs", 3_600_000);
        result.put("cacheScope", "public");
        ObjectNode info = result.putObject("_meta").putObject("io.modelcontextprotocol/serverInfo");
        info.put("name", "uictl");
        info.put("version", serverVersion);
        return result;
    }

    private ObjectNode listTools(ObjectNode params) {
        int from = 0;
        JsonNode cursor = params.get("cursor");
        if (cursor != null && !cursor.isNull()) {
            from = offset(cursor);
        }
        ObjectNode result = Json.object();
        ArrayNode tools = result.putArray("tools");
        catalog.definitions(from, pageSize, revision).forEach(tools::add);
        if (from + pageSize < catalog.size()) {
            result.put("nextCursor", Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(("offset:" + (from + pageSize)).getBytes(StandardCharsets.UTF_8)));
        }
        return result;
    }

    /** The envelopes this session saved because they were too large to answer. */
    private ObjectNode listResources() {
        ObjectNode result = Json.object();
        ArrayNode resources = result.putArray("resources");
        cap.saved().list().forEach(s -> resources.add(s.describe()));
        return result;
    }

    private ObjectNode readResource(ObjectNode params) {
        JsonNode uri = params.get("uri");
        if (uri == null || !uri.isString()) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_PARAMS, "resources/read needs a \"uri\"");
        }
        String text = cap.saved().read(uri.asString()).orElseThrow(() -> new JsonRpc.Failure(
                JsonRpc.RESOURCE_NOT_FOUND, "Resource not found: " + uri.asString()));
        ObjectNode result = Json.object();
        ObjectNode content = result.putArray("contents").addObject();
        content.put("uri", uri.asString());
        content.put("mimeType", SavedResults.MIME_TYPE);
        content.put("text", text);
        return result;
    }

    private int offset(JsonNode cursor) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor.asString()), StandardCharsets.UTF_8);
            int offset = Integer.parseInt(text.substring(text.indexOf("offset:") == 0 ? 7 : text.length()));
            if (offset < 0 || offset > catalog.size()) {
                throw new NumberFormatException();
            }
            return offset;
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_PARAMS, "invalid cursor");
        }
    }

    private void callTool(JsonNode id, ObjectNode params, Responder responder) {
        JsonNode name = params.get("name");
        if (name == null || !name.isString()) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_PARAMS, "tools/call needs a tool \"name\"");
        }
        Command command = catalog.command(name.asString()).orElseThrow(() ->
                new JsonRpc.Failure(JsonRpc.INVALID_PARAMS, "Unknown tool: " + name.asString()));
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isObject() && !arguments.isNull()) {
            throw new JsonRpc.Failure(JsonRpc.INVALID_PARAMS, "\"arguments\" must be an object");
        }
        JsonNode token = params.path("_meta").get("progressToken");
        InFlight call = new InFlight(token != null && (token.isString() || token.isNumber()) ? token : null,
                responder);
        synchronized (inFlight) {
            if (inFlight.size() >= maxInFlight) {
                throw new JsonRpc.Failure(JsonRpc.SERVER_BUSY, maxInFlight + " calls are already running; wait "
                        + "for one to finish");
            }
            if (inFlight.putIfAbsent(key(id), call) != null) {
                throw new JsonRpc.Failure(JsonRpc.INVALID_REQUEST, "request id " + id + " is already in use");
            }
        }
        String commandName = command.spec().name();
        Thread.ofVirtual().name("uictl-mcp-call-" + id).start(() -> run(id, commandName, arguments, call, responder));
    }

    private void run(JsonNode id, String command, JsonNode arguments, InFlight call, Responder responder) {
        if (call.progressToken != null) {
            Thread.ofVirtual().name("uictl-mcp-progress-" + id).start(() -> heartbeat(command, call));
        }
        try {
            JsonNode reply;
            try {
                Envelope e = calls.call(command, arguments, call.cancellation,
                        emitted -> progress(call, summary(emitted)));
                reply = JsonRpc.result(id, cap.result(e, revision));
            } catch (RuntimeException e) {
                System.getLogger("uictl.mcp").log(System.Logger.Level.ERROR, "tool call failed", e);
                reply = JsonRpc.error(id, JsonRpc.INTERNAL_ERROR, e.toString());
            }
            // A cancelled request gets no response (the client has forgotten it)
            if (!call.cancellation.isCancelled()) {
                synchronized (call) {
                    call.finished = true; // no progress after the response
                }
                responder.respond(reply);
            } else {
                responder.none();
            }
        } finally {
            inFlight.remove(key(id));
            call.done.countDown();
        }
    }

    /** Progress while a call runs, so a client that resets its timeout on progress keeps waiting for long waits. */
    private void heartbeat(String command, InFlight call) {
        long started = System.nanoTime();
        try {
            while (!call.done.await(PROGRESS_INTERVAL_MS, TimeUnit.MILLISECONDS)) {
                long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
                progress(call, command + " running for " + seconds + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void progress(InFlight call, String message) {
        synchronized (call) {
            sendProgress(call, message);
        }
    }

    private void sendProgress(InFlight call, String message) {
        if (call.progressToken == null || call.cancellation.isCancelled() || call.finished) {
            return;
        }
        ObjectNode params = Json.object();
        params.set("progressToken", call.progressToken);
        params.put("progress", ++call.progress);
        params.put("message", message);
        call.responder.notification(JsonRpc.notification("notifications/progress", params));
    }

    private static String summary(Envelope e) {
        String text = e.command() + ": "
                + Renderer.render(e.withId(null), new RenderOptions(Format.TEXT, false, true)).strip();
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }

    /** Cancels every running call (the client went away); their responses are dropped. */
    void cancelAll(String reason) {
        inFlight.values().forEach(c -> c.cancellation.cancel(reason));
    }

    /**
     * End of input: lets running calls finish and answer (a client may close its side right after its last
     * request), up to {@code waitMillis}; cancels what still runs then.
     */
    void drain(long waitMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        for (InFlight c : new ArrayList<>(inFlight.values())) {
            try {
                c.done.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        cancelAll("the MCP client closed the session");
    }

    /** Ids 1 and "1" are different requests: key on the JSON text. */
    private static String key(JsonNode id) {
        return id == null ? "" : id.toString();
    }

    private static final class InFlight {
        final Cancellation cancellation = new Cancellation();
        final CountDownLatch done = new CountDownLatch(1);
        final JsonNode progressToken;
        /** Progress goes where the call's response will go (over HTTP: that request's event stream). */
        final Responder responder;
        long progress;
        /** Set (under the lock) once the response is on its way: later progress would arrive after it. */
        boolean finished;

        InFlight(JsonNode progressToken, Responder responder) {
            this.progressToken = progressToken;
            this.responder = responder;
        }
    }
}
