package dev.uictl.engine.desktop.capture;

/** One numbered box of a set-of-marks annotation, in image pixel coordinates (may extend past the image). */
public record Mark(String label, int x, int y, int width, int height) {
    /** The same box after the image it belongs to was scaled by {@code factor}. */
    public Mark scaled(double factor) {
        return new Mark(label, (int) Math.round(x * factor), (int) Math.round(y * factor),
                Math.max(1, (int) Math.round(width * factor)), Math.max(1, (int) Math.round(height * factor)));
    }

    /** The same box in the coordinates of an image whose top-left corner is at (originX, originY). */
    public Mark relativeTo(int originX, int originY) {
        return new Mark(label, x - originX, y - originY, width, height);
    }
}
