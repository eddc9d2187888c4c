package dev.uictl.engine.desktop.element;

import dev.uictl.engine.desktop.input.Point;

/** An element's rectangle in screen coordinates. */
public record Bounds(int x, int y, int width, int height) {
    /** Toolkits report huge negative positions (GTK: -2^31) for elements that are laid out but not on screen. */
    public boolean onScreen(int screenWidth, int screenHeight) {
        return width > 0 && height > 0 && x + width > 0 && y + height > 0 && x < screenWidth && y < screenHeight;
    }

    public Point centre() {
        return new Point(x + width / 2, y + height / 2);
    }
}
