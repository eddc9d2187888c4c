package dev.uictl.engine.desktop.capture.codec;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Native library handles (a TurboJPEG compressor, a libdeflate compressor) reused across calls. A handle belongs to
 * one call at a time, so any thread, virtual or not, may borrow; at most {@code maxIdle} wait between calls and the
 * rest are destroyed when returned, which bounds the native memory held to what the busiest moment needed, capped.
 */
final class HandlePool {
    private final Supplier<MemorySegment> create;
    private final Consumer<MemorySegment> destroy;
    private final int maxIdle;
    private final ConcurrentLinkedQueue<MemorySegment> idle = new ConcurrentLinkedQueue<>();
    private final AtomicInteger idleCount = new AtomicInteger();

    HandlePool(Supplier<MemorySegment> create, Consumer<MemorySegment> destroy, int maxIdle) {
        this.create = create;
        this.destroy = destroy;
        this.maxIdle = maxIdle;
    }

    MemorySegment borrow() {
        MemorySegment handle = idle.poll();
        if (handle != null) {
            idleCount.decrementAndGet();
            return handle;
        }
        return create.get();
    }

    void giveBack(MemorySegment handle) {
        if (idleCount.incrementAndGet() <= maxIdle) {
            idle.add(handle);
        } else {
            idleCount.decrementAndGet();
            destroy.accept(handle);
        }
    }

    /** Handles waiting for reuse (for tests). */
    int idle() {
        return idleCount.get();
    }
}
