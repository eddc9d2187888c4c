package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/** DeleteProperty (19). */
public record DeleteProperty(int window, int property) implements VoidRequest {
    @Override
    public void encode(RequestBuffer out) {
        out.core(19, 0).put32(window).put32(property);
    }
}
