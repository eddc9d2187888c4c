package dev.uictl.engine.desktop.input;

import dev.uictl.core.schema.Describe;

/** One key as it was sent: its keysym (name and value) and the keycode that carried it. */
@Describe("A key sent through XTEST")
public record KeyInfo(@Describe("X keysym name, e.g. Control_L, Return, U20AC") String name,
                      @Describe("keysym value, hex") String keysym, int keycode,
                      @Describe("Shift was added to reach the keysym's level") boolean shift,
                      @Describe("the keysym was put on a spare keycode for this input") boolean remapped) {

    static KeyInfo of(KeyStroke s) {
        return new KeyInfo(dev.uictl.x11.keysym.Keysyms.name(s.keysym()), "0x" + Integer.toHexString(s.keysym()),
                s.keycode(), s.shift(), s.remapped());
    }
}
