package dev.uictl.x11.proto.keyboard;

import java.util.Arrays;

/** Keycodes per modifier (Shift, Lock, Control, Mod1..Mod5), {@code perModifier} slots each, 0 = unused. */
public record ModifierMapping(int perModifier, int[] keycodes) {
    public static final int SHIFT = 0;
    public static final int LOCK = 1;
    public static final int CONTROL = 2;
    public static final int MOD1 = 3;
    public static final int MOD4 = 6;

    public ModifierMapping {
        keycodes = keycodes.clone();
    }

    /** The modifier index (0..7) {@code keycode} sets, or -1. */
    public int modifierOf(int keycode) {
        for (int i = 0; i < keycodes.length; i++) {
            if (keycodes[i] == keycode && keycode != 0) {
                return i / perModifier;
            }
        }
        return -1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ModifierMapping m && m.perModifier == perModifier && Arrays.equals(m.keycodes, keycodes);
    }

    @Override
    public int hashCode() {
        return 31 * perModifier + Arrays.hashCode(keycodes);
    }
}
