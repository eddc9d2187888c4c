package dev.uictl.x11.proto.core;

/** Value-mask bits of CreateWindow / ChangeWindowAttributes that this library uses. */
public final class WindowAttribute {
    public static final int BACK_PIXEL = 1 << 1;
    public static final int OVERRIDE_REDIRECT = 1 << 9;
    public static final int EVENT_MASK = 1 << 11;

    private WindowAttribute() {
    }
}
