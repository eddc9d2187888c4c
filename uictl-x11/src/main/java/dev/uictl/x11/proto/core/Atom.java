package dev.uictl.x11.proto.core;

/** Predefined atoms of the core protocol that this library uses. */
public final class Atom {
    public static final int NONE = 0;
    public static final int ANY = 0;
    public static final int ATOM = 4;
    public static final int CARDINAL = 6;
    public static final int STRING = 31;
    public static final int WINDOW = 33;
    public static final int WM_NAME = 39;
    public static final int WM_CLASS = 67;

    private Atom() {
    }
}
