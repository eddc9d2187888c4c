package dev.uictl.engine.desktop.capture.codec;

import java.lang.foreign.MemorySegment;

/**
 * An encoder that reads the pixels where they lie, native memory included: a capture the X server wrote into shared
 * memory is encoded from there, without first copying the whole image (8 MB for 1080p) to the heap.
 */
public interface InPlaceEncoder {
    /**
     * @param pixels  {@code height} rows of {@code width} pixels, each a {@code 0x??RRGGBB} int in the native byte
     *                order (top byte undefined), as in an {@link dev.uictl.engine.desktop.capture.RgbImage}
     * @param quality 1..100
     */
    byte[] encode(MemorySegment pixels, int width, int height, int quality);
}
