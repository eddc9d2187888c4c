package dev.uictl.x11.wire;

import java.nio.ByteBuffer;

/**
 * One X11 request. Requests serialize themselves and parse their own reply, so any package can define new ones
 * (extensions included) without touching the connection. Core requests return {@code null} from
 * {@link #extension()}; extension requests name their extension and the connection supplies its major opcode
 * through {@link RequestBuffer#extension(int, int)}.
 *
 * @param <R> the decoded reply; {@code Void} for requests without a reply (see {@link VoidRequest})
 */
public interface Request<R> {
    /** The extension name as the server knows it ("RANDR", "XTEST", "X-Resource"), or null for the core. */
    default String extension() {
        return null;
    }

    /** Whether the server answers this request with a reply. */
    default boolean hasReply() {
        return true;
    }

    /** Writes the request: a header via {@link RequestBuffer#core} or {@link RequestBuffer#extension}, then the body. */
    void encode(RequestBuffer out);

    /**
     * Parses the reply. {@code reply} is little endian, positioned at 0, and holds the 32-byte header followed by
     * the extra data; byte 1 is the request-specific data byte.
     */
    R decodeReply(ByteBuffer reply);
}
