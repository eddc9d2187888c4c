package dev.uictl.x11.proto.keyboard;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;

/** GetModifierMapping (119): which keycodes act as Shift, Lock, Control, Mod1..Mod5. */
public record GetModifierMapping() implements Request<ModifierMapping> {
    @Override
    public void encode(RequestBuffer out) {
        out.core(119, 0);
    }

    @Override
    public ModifierMapping decodeReply(ByteBuffer r) {
        int perModifier = r.get(1) & 0xff;
        int[] keycodes = new int[8 * perModifier];
        for (int i = 0; i < keycodes.length; i++) {
            keycodes[i] = r.get(32 + i) & 0xff;
        }
        return new ModifierMapping(perModifier, keycodes);
    }
}
