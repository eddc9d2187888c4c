package dev.uictl.engine.desktop.capture.codec;

import dev.uictl.engine.desktop.capture.RgbImage;

/** PNG row filters over {@code 0x??RRGGBB} pixels, writing the filter-type byte and 3 bytes a pixel. */
final class PngFilter {
    static final int SUB = 1;
    static final int UP = 2;

    private PngFilter() {
    }

    /** Bytes a filtered row takes: the filter type and RGB. */
    static int stride(int width) {
        return 1 + 3 * width;
    }

    /** Type 2: each byte minus the byte above it (zero above the first row). */
    static void up(RgbImage image, int y, byte[] out, int offset) {
        int[] px = image.pixels();
        int w = image.width();
        int row = y * w;
        int b = offset;
        out[b++] = UP;
        int above = row - w;
        for (int x = 0; x < w; x++) {
            int p = px[row + x];
            int q = y == 0 ? 0 : px[above + x];
            out[b] = (byte) ((p >> 16) - (q >> 16));
            out[b + 1] = (byte) ((p >> 8) - (q >> 8));
            out[b + 2] = (byte) (p - q);
            b += 3;
        }
    }

    /** Type 1: each byte minus the same colour's byte of the pixel to its left (zero left of the first). */
    static void sub(RgbImage image, int y, byte[] out, int offset) {
        int[] px = image.pixels();
        int w = image.width();
        int row = y * w;
        int b = offset;
        out[b++] = SUB;
        int q = 0;
        for (int x = 0; x < w; x++) {
            int p = px[row + x];
            out[b] = (byte) ((p >> 16) - (q >> 16));
            out[b + 1] = (byte) ((p >> 8) - (q >> 8));
            out[b + 2] = (byte) (p - q);
            q = p;
            b += 3;
        }
    }
}
