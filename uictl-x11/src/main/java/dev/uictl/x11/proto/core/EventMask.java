package dev.uictl.x11.proto.core;

/** Core event-mask bits. */
public final class EventMask {
    public static final int KEY_PRESS = 1;
    public static final int BUTTON_PRESS = 1 << 2;
    public static final int EXPOSURE = 1 << 15;
    public static final int STRUCTURE_NOTIFY = 1 << 17;
    public static final int SUBSTRUCTURE_NOTIFY = 1 << 19;
    public static final int SUBSTRUCTURE_REDIRECT = 1 << 20;
    public static final int FOCUS_CHANGE = 1 << 21;
    public static final int PROPERTY_CHANGE = 1 << 22;

    private EventMask() {
    }
}
