package dev.uictl.x11.proto.keyboard;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** GetKeyboardMapping (101): the keysyms of {@code count} keycodes from {@code first}, row by row. */
public record GetKeyboardMapping(int first, int count) implements Request<KeyboardMapping> {
    @Override
    public void encode(RequestBuffer out) {
        out.core(101, 0).put8(first).put8(count).put16(0);
    }

    @Override
    public KeyboardMapping decodeReply(ByteBuffer r) {
        int perKeycode = r.get(1) & 0xff;
        int n = r.getInt(4);
        int[] keysyms = new int[n];
        for (int i = 0; i < n; i++) {
            keysyms[i] = r.getInt(32 + 4 * i);
        }
        return new KeyboardMapping(first, perKeycode, keysyms);
    }
}
