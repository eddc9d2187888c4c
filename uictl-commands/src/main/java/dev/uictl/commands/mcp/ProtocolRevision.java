package dev.uictl.commands.mcp;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The MCP revisions this server speaks, newest first. A client asking `initialize` for one of them gets it; any
 * other request is answered with the newest that has `initialize`, which the client may accept or refuse (the
 * spec's negotiation). Later revisions only add: tool annotations arrived in 2025-03-26, titles, output schemas,
 * structured content and resource links in 2025-06-18. 2026-07-28 has no `initialize` at all: each request names
 * its revision (served over HTTP by {@link ModernHttp}).
 */
enum ProtocolRevision {
    R2026_07_28("2026-07-28"),
    R2025_11_25("2025-11-25"), R2025_06_18("2025-06-18"), R2025_03_26("2025-03-26"), R2024_11_05("2024-11-05");

    /** The newest revision with an `initialize` handshake. */
    static final ProtocolRevision LATEST = R2025_11_25;

    private final String wire;

    ProtocolRevision(String wire) {
        this.wire = wire;
    }

    String wire() {
        return wire;
    }

    static Optional<ProtocolRevision> of(String wire) {
        return Arrays.stream(values()).filter(r -> r.wire.equals(wire)).findFirst();
    }

    static List<String> supported() {
        return Arrays.stream(values()).map(ProtocolRevision::wire).toList();
    }

    /** No sessions and no `initialize`: the revision travels with every request (2026-07-28 on). */
    boolean sessionless() {
        return compareTo(R2026_07_28) <= 0;
    }

    boolean hasAnnotations() {
        return compareTo(R2025_03_26) <= 0;
    }

    /** JSON-RPC batch arrays: required by 2025-03-26, plain JSON-RPC 2.0 before it, removed in 2025-06-18. */
    boolean hasBatches() {
        return compareTo(R2025_03_26) >= 0;
    }

    /** resource_link content in tool results. */
    boolean hasResourceLinks() {
        return compareTo(R2025_06_18) <= 0;
    }

    /** Tool titles, output schemas and structuredContent in results. */
    boolean hasStructuredOutput() {
        return compareTo(R2025_06_18) <= 0;
    }
}
