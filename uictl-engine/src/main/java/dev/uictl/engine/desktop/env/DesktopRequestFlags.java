package dev.uictl.engine.desktop.env;

/** Which options of a `desktop up` were given explicitly; only those must match an already running desktop. */
public record DesktopRequestFlags(boolean display, boolean size, boolean monitors, boolean wm, boolean a11y) {
    public static final DesktopRequestFlags NONE = new DesktopRequestFlags(false, false, false, false, false);
}
