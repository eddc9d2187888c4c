package dev.uictl.engine.desktop.input;

/** How to produce one keysym: press {@code keycode}, with Shift when the keysym is on the Shift level. */
record KeyStroke(int keysym, int keycode, boolean shift, boolean remapped) {
}
