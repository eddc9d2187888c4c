package dev.uictl.engine.desktop.capture;

/**
 * A captured image: {@code pixels[y * width + x]} holds {@code 0x??RRGGBB}. The top byte is undefined (X servers
 * leave padding there) and every consumer ignores it, which lets a depth-24 GetImage reply be used without a copy.
 */
public record RgbImage(int width, int height, int[] pixels) {
    public RgbImage {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("image size must be positive: " + width + "x" + height);
        }
        if (pixels.length < (long) width * height) {
            throw new IllegalArgumentException("pixel buffer too small for " + width + "x" + height);
        }
    }

    public static RgbImage blank(int width, int height) {
        return new RgbImage(width, height, new int[width * height]);
    }

    /** The colour at (x, y) as {@code 0xRRGGBB}. */
    public int rgb(int x, int y) {
        return pixels[y * width + x] & 0xFFFFFF;
    }
}
