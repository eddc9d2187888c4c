package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/** SetInputFocus (42); {@code revertTo}: 0 None, 1 PointerRoot, 2 Parent; time 0 = CurrentTime. */
public record SetInputFocus(int revertTo, int focus, int time) implements VoidRequest {
    @Override
    public void encode(RequestBuffer out) {
        out.core(42, revertTo).put32(focus).put32(time);
    }
}
