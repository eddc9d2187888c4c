package dev.uictl.x11.proto.keyboard;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/**
 * ChangeKeyboardMapping (100): replaces the keysyms of {@code rows.length / keysymsPerKeycode} consecutive
 * keycodes from {@code first}. The server then sends MappingNotify to every client.
 */
public record ChangeKeyboardMapping(int first, int keysymsPerKeycode, int[] rows) implements VoidRequest {
    public ChangeKeyboardMapping {
        if (keysymsPerKeycode <= 0 || rows.length % keysymsPerKeycode != 0) {
            throw new IllegalArgumentException(rows.length + " keysyms are not whole rows of " + keysymsPerKeycode);
        }
        rows = rows.clone();
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(100, rows.length / keysymsPerKeycode).put8(first).put8(keysymsPerKeycode).put16(0);
        for (int keysym : rows) {
            out.put32(keysym);
        }
    }
}
