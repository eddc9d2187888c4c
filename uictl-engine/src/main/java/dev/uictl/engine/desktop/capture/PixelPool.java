package dev.uictl.engine.desktop.capture;

import java.lang.ref.SoftReference;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One spare pixel buffer for the next capture of the same size. A full-screen capture is 8 MB of ints; allocated
 * per screenshot, it pushed the daemon's small heap into a full collection every few shots (measured: the text
 * screen's JPEG cost 27 ms of daemon CPU with fresh buffers). The spare is softly held, so a collection under
 * memory pressure (or the idle give-back) can take it.
 */
final class PixelPool {
    private final AtomicReference<SoftReference<int[]>> spare = new AtomicReference<>();

    /** The spare when it has exactly {@code length} pixels, else null (the grabber then allocates). */
    int[] take(int length) {
        SoftReference<int[]> ref = spare.getAndSet(null);
        int[] pixels = ref == null ? null : ref.get();
        return pixels != null && pixels.length == length ? pixels : null;
    }

    /** Hands a buffer back once nothing reads it any more. */
    void give(int[] pixels) {
        spare.set(new SoftReference<>(pixels));
    }
}
