package dev.uictl.x11.proto.xtest;

/** The XTEST extension as the server names it, and the version this library speaks. */
public final class XTest {
    public static final String NAME = "XTEST";
    public static final int MAJOR = 2;
    public static final int MINOR = 2;

    private XTest() {
    }
}
