package dev.uictl.engine.desktop.capture.codec;

import dev.uictl.engine.desktop.capture.RgbImage;

/** One way of turning captured pixels into a file's bytes; implementations are safe to call from many threads. */
public interface ImageEncoder {
    /** What does the work, e.g. the library and its settings, as {@code uictl tools} shows it. */
    String name();

    /** @param quality 1..100; encoders without a quality setting (PNG) ignore it */
    byte[] encode(RgbImage image, int quality);

    static void checkQuality(int quality) {
        if (quality < 1 || quality > 100) {
            throw new IllegalArgumentException("JPEG quality must be 1..100, got " + quality);
        }
    }
}
