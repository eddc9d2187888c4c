package dev.uictl.atspi.iface;

import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;

/** {@code (iiii)}: extents as x, y, width, height. */
public final class Rect extends Struct {
    @Position(0)
    public final int x;
    @Position(1)
    public final int y;
    @Position(2)
    public final int width;
    @Position(3)
    public final int height;

    public Rect(int x, int y, int width, int height) {
        this.x = x;
        this.y = y;
        this.width = width;
        this.height = height;
    }
}
