package dev.uictl.x11.proto.selection;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/** SetSelectionOwner (22): {@code owner} 0 (None) relinquishes the selection; {@code time} 0 is CurrentTime. */
public record SetSelectionOwner(int owner, int selection, int time) implements VoidRequest {
    @Override
    public void encode(RequestBuffer out) {
        out.core(22, 0).put32(owner).put32(selection).put32(time);
    }
}
