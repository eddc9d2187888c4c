package dev.uictl.atspi.walk;

import dev.uictl.atspi.iface.Rect;

/** Screen extents of an accessible. GTK reports -1/-2^31 style values for objects that are not on screen. */
public record Bounds(int x, int y, int width, int height) {
    public static Bounds of(Rect r) {
        return new Bounds(r.x, r.y, r.width, r.height);
    }

    public boolean isEmpty() {
        return width <= 0 || height <= 0;
    }

    public boolean intersects(Bounds o) {
        return !isEmpty() && !o.isEmpty() && x < o.x + o.width && o.x < x + width && y < o.y + o.height
                && o.y < y + height;
    }

    public boolean contains(int px, int py) {
        return px >= x && py >= y && px < x + width && py < y + height;
    }
}
