package dev.uictl.core.envelope;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.render.TerseView;
import dev.uictl.core.schema.Nullable;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The robot contract's one output shape (SPEC §2.1). {@code id} is set only on `serve --stdio` replies, where
 * it echoes the request's id.
 */
@JsonPropertyOrder({"id", "success", "command", "version", "timestamp", "data", "error", "_agent_hints"})
public record Envelope(@Nullable Object id, boolean success, String command, String version, String timestamp,
                       @Nullable Object data, @Nullable ErrorBody error,
                       @Nullable @JsonProperty("_agent_hints") AgentHints agentHints) {

    /** Contract version; bump the major on a breaking change. */
    public static final String CONTRACT_VERSION = "1";

    public static Envelope success(String command, Object data, AgentHints hints) {
        return new Envelope(null, true, command, CONTRACT_VERSION, now(), data, null, hints);
    }

    public static Envelope failure(String command, UictlException e) {
        return new Envelope(null, false, command, CONTRACT_VERSION, now(), null, ErrorBody.of(e), null);
    }

    public Envelope withId(Object requestId) {
        return new Envelope(requestId, success, command, version, timestamp, data, error, agentHints);
    }

    /** Without {@code _agent_hints}: what {@code --terse} drops from every envelope. */
    public Envelope withoutHints() {
        return new Envelope(id, success, command, version, timestamp, data, error, null);
    }

    /** {@link #withoutHints()}, and data that has a terse form ({@link TerseView}) in that form. */
    public Envelope terse() {
        Object shorter = data instanceof TerseView t ? t.terse() : data;
        return new Envelope(id, success, command, version, timestamp, shorter, error, null);
    }

    @JsonIgnore
    public int exitCode() {
        return success ? 0 : error.errorCode().exitCode();
    }

    private static String now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    }
}
