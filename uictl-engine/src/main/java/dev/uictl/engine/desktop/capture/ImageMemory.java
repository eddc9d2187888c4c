package dev.uictl.engine.desktop.capture;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Bounds the memory screenshots take: each image may have at most {@link #MAX_PIXELS} pixels after scaling, and
 * the images made at the same time share a byte budget (a semaphore over KiB), so concurrent large captures wait
 * for each other instead of exhausting the heap. A request that could never fit is refused with INVALID_ARGS.
 */
public final class ImageMemory {
    /** The largest image after scaling (2^23, e.g. 4096x2048 or 1920x1080 at scale 2). */
    public static final long MAX_PIXELS = 1L << 23;
    /** How long a request waits for others to finish before it gives up with TIMEOUT. */
    static final long MAX_WAIT_MS = 30_000;
    private static final int SLICE_MS = 100;

    private final long budgetBytes;
    private final Semaphore kib;

    public ImageMemory(long budgetBytes) {
        if (budgetBytes < 1024) {
            throw new IllegalArgumentException("budget too small: " + budgetBytes);
        }
        this.budgetBytes = budgetBytes;
        this.kib = new Semaphore((int) Math.min(Integer.MAX_VALUE, budgetBytes / 1024), true);
    }

    /** Half the heap: what remains serves the daemon's other requests. */
    public static ImageMemory forHeap() {
        return new ImageMemory(Runtime.getRuntime().maxMemory() / 2);
    }

    public long budgetBytes() {
        return budgetBytes;
    }

    /**
     * The bytes one shot needs at its peak: the captured pixels, the horizontal scaling pass (output width by
     * source height), the output pixels, and up to 8 bytes a pixel while it is encoded (encoder buffers and the
     * encoded image, which base64 then grows by a third).
     */
    static long estimate(int sourceWidth, int sourceHeight, int width, int height) {
        long source = (long) sourceWidth * sourceHeight;
        long across = (long) width * sourceHeight;
        long out = (long) width * height;
        return 4 * source + 4 * across + 4 * out + 8 * out;
    }

    /**
     * Reserves memory for one shot until the lease is closed, waiting (bounded by the call's deadline, its
     * cancellation and {@link #MAX_WAIT_MS}) while other shots hold the budget.
     *
     * @throws UictlException INVALID_ARGS when the image is over the pixel limit or could never fit the budget;
     *         TIMEOUT when the budget stayed in use
     */
    public Lease reserve(int sourceWidth, int sourceHeight, int width, int height, CallContext ctx) {
        long pixels = (long) width * height;
        if (pixels > MAX_PIXELS) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the image would be " + width + "x" + height + " = "
                            + pixels + " pixels; at most " + MAX_PIXELS + " are made")
                    .withHint("Capture a smaller area or scale down, e.g. `uictl screenshot --scale 0.5`.")
                    .withDetail("limit_pixels", MAX_PIXELS).withDetail("pixels", pixels)
                    .withDetail("width", width).withDetail("height", height);
        }
        long bytes = estimate(sourceWidth, sourceHeight, width, height);
        if (bytes > budgetBytes) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the image needs about " + bytes / (1 << 20)
                            + " MiB; the screenshot memory budget is " + budgetBytes / (1 << 20) + " MiB")
                    .withHint("Capture a smaller area or scale down, e.g. `uictl screenshot --scale 0.5`.")
                    .withDetail("limit_bytes", budgetBytes).withDetail("bytes", bytes)
                    .withDetail("width", width).withDetail("height", height);
        }
        int permits = (int) Math.max(1, (bytes + 1023) / 1024);
        long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MAX_WAIT_MS);
        try {
            while (!kib.tryAcquire(permits, SLICE_MS, TimeUnit.MILLISECONDS)) {
                ctx.cancellation().throwIfCancelled();
                if (ctx.deadline().expired() || System.nanoTime() - giveUp > 0) {
                    throw UictlException.of(ErrorCode.TIMEOUT, "other screenshots held the image memory budget "
                                    + "too long").withHint("Retry when the other captures have finished.")
                            .withDetail("limit_bytes", budgetBytes).withDetail("bytes", bytes)
                            .withDetail("waited_ms", MAX_WAIT_MS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UictlException.of(ErrorCode.TIMEOUT, "interrupted while waiting for image memory");
        }
        return new Lease(permits);
    }

    /** Free budget in bytes (for tests and status). */
    long available() {
        return (long) kib.availablePermits() * 1024;
    }

    /** Memory held for one shot; closing returns it. */
    public final class Lease implements AutoCloseable {
        private final int permits;
        private boolean closed;

        private Lease(int permits) {
            this.permits = permits;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                kib.release(permits);
            }
        }
    }
}
