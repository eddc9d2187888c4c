package dev.uictl.vt.screen;

/** Which mouse events the program asked for (DECSET 9, 1000, 1002, 1003); setting one replaces the others. */
public enum MouseTracking {
    NONE("none"), X10("x10"), NORMAL("normal"), BUTTON("button"), ANY("any");

    public final String label;

    MouseTracking(String label) {
        this.label = label;
    }
}
