package dev.uictl.x11.proto.randr;

/** The RandR extension as the server names it, and the version this library speaks. */
public final class RandR {
    public static final String NAME = "RANDR";
    public static final int MAJOR = 1;
    public static final int MINOR = 6;

    private RandR() {
    }
}
