package dev.uictl.x11.proto.res;

/** The X-Resource extension's name on the wire. */
public final class XRes {
    public static final String NAME = "X-Resource";

    private XRes() {
    }
}
