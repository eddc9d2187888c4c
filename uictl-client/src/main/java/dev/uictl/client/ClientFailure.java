package dev.uictl.client;

import dev.uictl.protocol.ClientSession;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The envelopes the client itself prints when it cannot get an answer from the daemon. The client links only the
 * protocol module, so this writes the small fixed shape by hand (the contract test validates it against the schema).
 */
record ClientFailure(String code, int exitCode, String message, String hint, String delivery,
                     Map<String, Object> details) {

    ClientFailure(String code, int exitCode, String message, String hint, String delivery) {
        this(code, exitCode, message, hint, delivery, Map.of());
    }

    static ClientFailure daemonUnavailable(String message, String delivery) {
        return new ClientFailure("DAEMON_UNAVAILABLE", 2, message,
                "Run `uictl daemon restart`, then retry; `uictl daemon status` shows the daemon log.", delivery);
    }

    /** A daemon that cannot answer, with its pid and process state for the caller to act on. */
    static ClientFailure daemonUnresponsive(ClientSession.Outcome.Unresponsive daemon, String delivery) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("kind", daemon.kind());
        if (daemon.pid() != null) {
            details.put("pid", daemon.pid());
        }
        details.put("state", daemon.state());
        return new ClientFailure("DAEMON_UNAVAILABLE", 2, daemon.message(), daemon.hint(), delivery, details);
    }

    static final String FOREIGN_SOCKET_HINT = "Remove the foreign socket or set UICTL_RUNTIME_DIR to a directory of yours.";

    static ClientFailure permissionDenied(String message, String hint) {
        return new ClientFailure("PERMISSION_DENIED", 9, message, hint, null);
    }

    /** @param keeping the daemon was replaced on disk but keeps running: it holds state a restart would end */
    static ClientFailure versionMismatch(String daemonBuild, String clientBuild, boolean keeping) {
        return keeping
                ? new ClientFailure("PROTOCOL_VERSION_MISMATCH", 10, "the daemon runs build " + daemonBuild
                        + " and holds terminal sessions or a clipboard selection that a restart would end, so build "
                        + clientBuild + " did not replace it", KEEPING_HINT, null)
                : new ClientFailure("PROTOCOL_VERSION_MISMATCH", 10, "the daemon runs build " + daemonBuild
                        + ", this client is build " + clientBuild,
                        "Run `uictl daemon restart` so client and daemon run the same version.", null);
    }

    static final String KEEPING_HINT = "Run `uictl daemon restart` to end them and start this build, once they "
            + "can go.";

    String toJson(String command) {
        StringBuilder sb = new StringBuilder(256);
        sb.append("{\"success\":false,\"command\":").append(quote(command))
                .append(",\"version\":\"1\",\"timestamp\":")
                .append(quote(Instant.now().truncatedTo(ChronoUnit.MILLIS).toString()))
                .append(",\"error\":{\"code\":").append(quote(code))
                .append(",\"message\":").append(quote(message))
                .append(",\"hint\":").append(quote(hint));
        if (!details.isEmpty()) {
            sb.append(",\"details\":{");
            String comma = "";
            for (var e : details.entrySet()) {
                sb.append(comma).append(quote(e.getKey())).append(':');
                sb.append(e.getValue() instanceof Number n ? n.toString() : quote(e.getValue().toString()));
                comma = ",";
            }
            sb.append('}');
        }
        if (delivery != null) {
            sb.append(",\"delivery\":").append(quote(delivery));
        }
        return sb.append("}}\n").toString();
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
