package dev.uictl.engine.desktop.capture;

import java.util.List;

/**
 * Draws set-of-marks annotations: a coloured outline per box and its label on a filled tag in the box's top-left
 * corner, inside the box. Marks are given topmost first and drawn back to front, so a window's tag is never hidden
 * under a window below it.
 */
public final class Annotator {
    static final int STROKE = 2;
    static final int GLYPH_SCALE = 2;
    static final int PADDING = 3;
    private static final int[] PALETTE = {0xE6194B, 0x3CB44B, 0x4363D8, 0xF58231, 0x911EB4, 0x42D4F4, 0xF032E6,
        0xFFE119};

    private Annotator() {
    }

    /** Draws onto {@code image} in place. */
    public static void draw(RgbImage image, List<Mark> marks) {
        for (int i = marks.size() - 1; i >= 0; i--) {
            Mark m = marks.get(i);
            int colour = colourOf(i);
            outline(image, m, colour);
            tag(image, m, colour);
        }
    }

    /** The colour mark number {@code index} is drawn in. */
    static int colourOf(int index) {
        return PALETTE[index % PALETTE.length];
    }

    /** The size of a label's tag in pixels: {width, height}. */
    static int[] tagSize(String label) {
        int glyphAdvance = (BitmapFont.WIDTH + 1) * GLYPH_SCALE;
        return new int[] {label.length() * glyphAdvance - GLYPH_SCALE + 2 * PADDING,
            BitmapFont.HEIGHT * GLYPH_SCALE + 2 * PADDING};
    }

    private static void outline(RgbImage image, Mark m, int colour) {
        int right = m.x() + m.width();
        int bottom = m.y() + m.height();
        int stroke = Math.min(STROKE, Math.min(m.width(), m.height()));
        fill(image, m.x(), m.y(), right, m.y() + stroke, colour);
        fill(image, m.x(), bottom - stroke, right, bottom, colour);
        fill(image, m.x(), m.y(), m.x() + stroke, bottom, colour);
        fill(image, right - stroke, m.y(), right, bottom, colour);
    }

    private static void tag(RgbImage image, Mark m, int colour) {
        int[] size = tagSize(m.label());
        // Keep the tag on the image when the box starts off-screen.
        int x0 = Math.clamp(m.x(), 0, Math.max(0, image.width() - size[0]));
        int y0 = Math.clamp(m.y(), 0, Math.max(0, image.height() - size[1]));
        fill(image, x0, y0, x0 + size[0], y0 + size[1], colour);
        int ink = luminance(colour) > 150 ? 0x000000 : 0xFFFFFF;
        int penX = x0 + PADDING;
        for (char c : m.label().toCharArray()) {
            for (int row = 0; row < BitmapFont.HEIGHT; row++) {
                for (int column = 0; column < BitmapFont.WIDTH; column++) {
                    if (BitmapFont.pixel(c, column, row)) {
                        int px = penX + column * GLYPH_SCALE;
                        int py = y0 + PADDING + row * GLYPH_SCALE;
                        fill(image, px, py, px + GLYPH_SCALE, py + GLYPH_SCALE, ink);
                    }
                }
            }
            penX += (BitmapFont.WIDTH + 1) * GLYPH_SCALE;
        }
    }

    /** Fills [x0, x1) × [y0, y1), clipped to the image. */
    private static void fill(RgbImage image, int x0, int y0, int x1, int y1, int colour) {
        int left = Math.max(0, x0);
        int right = Math.min(image.width(), x1);
        int top = Math.max(0, y0);
        int bottom = Math.min(image.height(), y1);
        if (left >= right) {
            return;
        }
        for (int y = top; y < bottom; y++) {
            java.util.Arrays.fill(image.pixels(), y * image.width() + left, y * image.width() + right, colour);
        }
    }

    private static int luminance(int rgb) {
        return (299 * ((rgb >> 16) & 0xFF) + 587 * ((rgb >> 8) & 0xFF) + 114 * (rgb & 0xFF)) / 1000;
    }
}
