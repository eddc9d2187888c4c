package dev.uictl.x11.proto.selection;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/**
 * ConvertSelection (24): asks the owner of {@code selection} to store it as {@code target} in {@code property} of
 * {@code requestor}; the answer is a SelectionNotify to the requestor.
 */
public record ConvertSelection(int requestor, int selection, int target, int property, int time)
        implements VoidRequest {
    @Override
    public void encode(RequestBuffer out) {
        out.core(24, 0).put32(requestor).put32(selection).put32(target).put32(property).put32(time);
    }
}
