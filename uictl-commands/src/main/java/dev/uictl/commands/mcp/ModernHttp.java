package dev.uictl.commands.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * POSTs of revision 2026-07-28 (sessionless): no initialize and no Mcp-Session-Id; every request carries its revision
 * and client capabilities in {@code _meta}, mirrored into the {@code MCP-Protocol-Version}, {@code Mcp-Method} and
 * (tools/call) {@code Mcp-Name} headers, which must agree with the body (400, HeaderMismatch -32020, otherwise).
 * Each request runs in an {@link McpSession} of its own speaking that revision, so request ids of different clients
 * never collide; state lives in handles passed as arguments (qualified refs {@code @SNAPSHOT:e7}, terminal session
 * names), in the refs namespace named by {@value StreamableHttp#SHARE_HEADER} or else the one all sessionless
 * clients share, {@value #NAMESPACE}. Closing the response stream cancels the request.
 */
final class ModernHttp {
    static final String NAMESPACE = "http";
    static final int HEADER_MISMATCH = -32020;
    private static final String META = "io.modelcontextprotocol/";
    /** How often a running request's stream is written to, to notice a client that closed it. */
    private static final long WATCH_MS = 1000;

    private final StreamableHttp.Sessions sessions;

    ModernHttp(StreamableHttp.Sessions sessions) {
        this.sessions = sessions;
    }

    void post(Request request, Response response, Callback callback, JsonNode message, String version)
            throws Exception {
        String mismatch = mismatch(request, message, version);
        if (mismatch != null) {
            HttpReplies.json(response, 400, error(message, HEADER_MISMATCH, mismatch), callback);
            return;
        }
        JsonNode meta = message.path("params").path("_meta");
        if (!meta.path(META + "protocolVersion").isString() || !meta.path(META + "clientCapabilities").isObject()) {
            HttpReplies.json(response, 400, error(message, JsonRpc.INVALID_PARAMS, "params._meta needs \""
                    + META + "protocolVersion\" and \"" + META + "clientCapabilities\""), callback);
            return;
        }
        String shared = request.getHeaders().get(StreamableHttp.SHARE_HEADER);
        McpSession session = sessions.open(shared != null && !shared.isBlank() ? shared.strip() : NAMESPACE)
                .speaking(ProtocolRevision.R2026_07_28);
        if (!message.has("id")) {
            session.handle(message, Responder.to(m -> { }));
            HttpReplies.empty(response, 202, callback);
            return;
        }
        PostReply reply = new PostReply(WATCH_MS,
                m -> m.path("error").path("code").asInt(0) == JsonRpc.METHOD_NOT_FOUND ? 404 : 200);
        session.handle(message, complete(reply));
        try {
            reply.writeTo(response, callback);
        } catch (IOException e) {
            session.cancelAll("the client closed the response stream");
            throw e;
        }
    }

    /** Why the mirrored headers disagree with the body, or null when they agree. */
    private static String mismatch(Request request, JsonNode message, String version) {
        String method = message.path("method").asString(null);
        if (method == null) {
            return "a 2026-07-28 POST carries a request or a notification, never a response";
        }
        String bodyVersion = message.path("params").path("_meta").path(META + "protocolVersion").asString(null);
        if (bodyVersion != null && !bodyVersion.equals(version)) {
            return "Header mismatch: MCP-Protocol-Version header value '" + version + "' does not match body value '"
                    + bodyVersion + "'";
        }
        if (!message.has("id")) {
            return null; // this revision defines no header rules for notifications
        }
        String methodHeader = request.getHeaders().get("Mcp-Method");
        if (!method.equals(methodHeader)) {
            return methodHeader == null ? "missing Mcp-Method header" : "Header mismatch: Mcp-Method header value '"
                    + methodHeader + "' does not match body value '" + method + "'";
        }
        if (method.equals("tools/call")) {
            String name = decoded(request.getHeaders().get("Mcp-Name"));
            String bodyName = message.path("params").path("name").asString(null);
            if (name == null || !name.equals(bodyName)) {
                return name == null ? "missing or malformed Mcp-Name header" : "Header mismatch: Mcp-Name header "
                        + "value '" + name + "' does not match body value '" + bodyName + "'";
            }
        }
        return null;
    }

    /** A header value as sent, or the UTF-8 text inside the {@code =?base64?…?=} sentinel; null when malformed. */
    static String decoded(String header) {
        if (header == null || !header.startsWith("=?base64?") || !header.endsWith("?=")) {
            return header;
        }
        try {
            return new String(Base64.getDecoder().decode(header.substring(9, header.length() - 2)),
                    StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Every result of this revision says it is complete (no input is ever required from the client). */
    private static Responder complete(Responder inner) {
        return new Responder() {
            @Override
            public void respond(JsonNode response) {
                if (response.get("result") instanceof ObjectNode result && !result.has("resultType")) {
                    result.put("resultType", "complete");
                }
                inner.respond(response);
            }

            @Override
            public void none() {
                inner.none();
            }

            @Override
            public void notification(JsonNode notification) {
                inner.notification(notification);
            }
        };
    }

    private static JsonNode error(JsonNode message, int code, String text) {
        JsonNode id = message.get("id");
        return JsonRpc.error(JsonRpc.validId(id) ? id : null, code, text);
    }

    static boolean modern(String version) {
        return version != null && ProtocolRevision.of(version).map(ProtocolRevision::sessionless).orElse(false);
    }

    /** 2026-07-28's UnsupportedProtocolVersionError, which dual-era clients recognise (legacy ones read a 400). */
    static ObjectNode unsupported(String requested) {
        ObjectNode e = JsonRpc.error(null, -32022, "Unsupported protocol version");
        e.remove("id");
        ObjectNode data = ((ObjectNode) e.get("error")).putObject("data");
        ProtocolRevision.supported().forEach(data.putArray("supported")::add);
        data.put("requested", requested);
        return e;
    }
}
