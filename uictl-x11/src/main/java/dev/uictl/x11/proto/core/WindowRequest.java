package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/** The one-window requests without reply: MapWindow (8), UnmapWindow (10), DestroyWindow (4), KillClient (113). */
public record WindowRequest(int opcode, int window) implements VoidRequest {
    public static WindowRequest map(int window) {
        return new WindowRequest(8, window);
    }

    public static WindowRequest unmap(int window) {
        return new WindowRequest(10, window);
    }

    public static WindowRequest destroy(int window) {
        return new WindowRequest(4, window);
    }

    /** Disconnects the client owning {@code resource}; its resources are destroyed. */
    public static WindowRequest killClient(int resource) {
        return new WindowRequest(113, resource);
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(opcode, 0).put32(window);
    }
}
