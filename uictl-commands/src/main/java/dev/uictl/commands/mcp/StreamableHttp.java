package dev.uictl.commands.mcp;

import dev.uictl.core.json.Json;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The MCP endpoint of the Streamable HTTP transport (revision 2025-11-25 and the older ones it negotiates): POST
 * carries one JSON-RPC message and is answered with JSON or, when progress comes first, an SSE stream; GET opens the
 * session's stream for server-initiated messages; DELETE ends the session. A POST naming the sessionless revision
 * 2026-07-28 in MCP-Protocol-Version goes to {@link ModernHttp} instead. Each session is an {@link McpSession},
 * the same one stdio uses, with its own namespace of refs and snapshots unless the client asked to share one.
 */
final class StreamableHttp {
    /** Opens the MCP session behind a new HTTP session, its calls bound to the refs namespace given. */
    interface Sessions {
        McpSession open(String namespace);
    }

    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    /** Request header naming a refs/snapshots namespace to share (the CLI's --session) instead of a private one. */
    static final String SHARE_HEADER = "Uictl-Session";

    private static final SecureRandom RANDOM = new SecureRandom();

    /** A session that has had no request for this long is ended (its client forgot to DELETE it). */
    static final long IDLE_SESSION_MS = 3_600_000;

    private record Live(McpSession mcp, CountDownLatch ended, AtomicLong lastUsed) {
    }

    private final Sessions sessions;
    private final ModernHttp modern;
    private final Map<String, Live> live = new ConcurrentHashMap<>();

    StreamableHttp(Sessions sessions) {
        this.sessions = sessions;
        this.modern = new ModernHttp(sessions);
    }

    void handle(Request request, Response response, Callback callback, byte[] body) throws Exception {
        switch (request.getMethod()) {
            case "POST" -> post(request, response, callback, body);
            case "GET" -> listen(request, response, callback);
            case "DELETE" -> delete(request, response, callback);
            default -> {
                response.getHeaders().put(HttpHeader.ALLOW, "GET, POST, DELETE");
                HttpReplies.empty(response, 405, callback);
            }
        }
    }

    private void post(Request request, Response response, Callback callback, byte[] body) throws Exception {
        JsonNode message;
        try {
            message = Json.mapper().readTree(body);
        } catch (JacksonException e) {
            HttpReplies.rpcError(response, 400, JsonRpc.PARSE_ERROR, "Parse error: " + e.getOriginalMessage(),
                    callback);
            return;
        }
        if (message == null || !message.isObject()) {
            HttpReplies.rpcError(response, 400, JsonRpc.INVALID_REQUEST, "the body must be one JSON-RPC message "
                    + "object (no batches over HTTP)", callback);
            return;
        }
        boolean initialize = "initialize".equals(message.path("method").asString(null)) && message.has("id");
        String version = request.getHeaders().get(VERSION_HEADER);
        if (!initialize && version != null && ProtocolRevision.of(version).isEmpty()) {
            HttpReplies.json(response, 400, ModernHttp.unsupported(version), callback);
            return;
        }
        if (ModernHttp.modern(version)) {
            modern.post(request, response, callback, message, version);
            return;
        }
        Live session;
        if (initialize) {
            String id = newSessionId();
            String shared = request.getHeaders().get(SHARE_HEADER);
            String namespace = shared != null && !shared.isBlank() ? shared.strip() : privateNamespace();
            endIdle();
            session = new Live(sessions.open(namespace), new CountDownLatch(1),
                    new AtomicLong(System.nanoTime()));
            live.put(id, session);
            response.getHeaders().put(SESSION_HEADER, id);
        } else {
            session = session(request, response, callback);
            if (session == null) {
                return;
            }
        }
        if (!message.has("id") || !message.has("method")) {
            // A notification (cancelled, initialized) or a response: accepted, nothing to answer
            session.mcp().handle(message, Responder.to(m -> { }));
            HttpReplies.empty(response, 202, callback);
            return;
        }
        PostReply reply = new PostReply(0, m -> 200);
        session.mcp().handle(message, reply);
        reply.writeTo(response, callback);
    }

    /**
     * The session's own stream. This server sends no requests and no unsolicited notifications (its tool list does
     * not change), so the stream carries keepalives until the session or the server ends or the client leaves.
     */
    private void listen(Request request, Response response, Callback callback) throws Exception {
        Live session = session(request, response, callback);
        if (session == null) {
            return;
        }
        String accept = request.getHeaders().get(HttpHeader.ACCEPT);
        if (accept == null || !accept.contains("text/event-stream")) {
            HttpReplies.rpcError(response, 406, JsonRpc.INVALID_REQUEST, "GET opens an event stream: send "
                    + "Accept: text/event-stream", callback);
            return;
        }
        EventStream stream = EventStream.open(response);
        stream.keepalive(); // commits the headers, so the client knows the stream is open
        while (!session.ended().await(EventStream.KEEPALIVE_MS, TimeUnit.MILLISECONDS)) {
            stream.keepalive();
        }
        stream.close();
        callback.succeeded();
    }

    private void delete(Request request, Response response, Callback callback) {
        Live session = session(request, response, callback);
        if (session == null) {
            return;
        }
        live.remove(request.getHeaders().get(SESSION_HEADER));
        end(session, "the MCP client ended the session");
        HttpReplies.empty(response, 200, callback);
    }

    /** The request's session, or null after answering 400 (no id) or 404 (unknown or ended: re-initialize). */
    private Live session(Request request, Response response, Callback callback) {
        String id = request.getHeaders().get(SESSION_HEADER);
        if (id == null) {
            HttpReplies.rpcError(response, 400, JsonRpc.INVALID_REQUEST, "missing " + SESSION_HEADER
                    + " header: send initialize first", callback);
            return null;
        }
        Live session = live.get(id);
        if (session == null) {
            HttpReplies.rpcError(response, 404, JsonRpc.INVALID_REQUEST, "session not found: initialize again",
                    callback);
        } else {
            session.lastUsed().set(System.nanoTime());
        }
        return session;
    }

    /** Server shutdown: every session's calls are cancelled and its streams end. */
    void closeAll() {
        live.values().forEach(s -> end(s, "the MCP server stopped"));
        live.clear();
    }

    /** Swept when a session opens: the sessions of clients that went away without DELETE do not pile up. */
    private void endIdle() {
        long now = System.nanoTime();
        live.entrySet().removeIf(e -> {
            boolean idle = now - e.getValue().lastUsed().get() > TimeUnit.MILLISECONDS.toNanos(IDLE_SESSION_MS);
            if (idle) {
                end(e.getValue(), "the MCP session was idle for an hour");
            }
            return idle;
        });
    }

    private static void end(Live session, String reason) {
        session.mcp().cancelAll(reason);
        session.ended().countDown();
    }

    /** 256 random bits, URL-safe base64: visible ASCII as the spec requires, unguessable. */
    private static String newSessionId() {
        byte[] bits = new byte[32];
        RANDOM.nextBytes(bits);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bits);
    }

    /** A namespace of its own, unrelated to the session id (a namespace shows in outputs; the id is a secret). */
    private static String privateNamespace() {
        byte[] bits = new byte[6];
        RANDOM.nextBytes(bits);
        return "http-" + HexFormat.of().formatHex(bits);
    }
}
