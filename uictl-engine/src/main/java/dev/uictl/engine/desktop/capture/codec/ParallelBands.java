package dev.uictl.engine.desktop.capture.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Encodes the horizontal bands of one image at once: one worker per core at most (the calling thread, which would
 * otherwise only wait, and virtual threads for the others), each taking the next band until none is left. Bands cost
 * unevenly (on a 1080p editor screen the text-dense top half took 3.6 ms to the bottom half's 2.7), so with more
 * bands than cores every core stays busy to the end instead of one idling while the other finishes the heavy half.
 */
final class ParallelBands {
    private ParallelBands() {
    }

    /**
     * The results of {@code band} for 0 to {@code count - 1}, in order. When a band fails, no further band is started,
     * the results the others made are handed to {@code discard} (native memory to free) and the failure is thrown.
     */
    static <T> List<T> encode(int count, IntFunction<T> band, Consumer<T> discard) {
        AtomicReferenceArray<T> results = new AtomicReferenceArray<>(count);
        AtomicInteger next = new AtomicInteger();
        Runnable work = () -> {
            for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                try {
                    results.set(i, band.apply(i));
                } catch (RuntimeException | Error e) {
                    next.set(count); // the other workers stop after the band they are on
                    throw e;
                }
            }
        };
        int workers = Math.min(count, Runtime.getRuntime().availableProcessors());
        List<Future<?>> running = new ArrayList<>(workers);
        boolean complete = false;
        try {
            try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < workers - 1; i++) {
                    running.add(executor.submit(work));
                }
                FutureTask<Void> own = new FutureTask<>(work, null);
                running.add(own);
                own.run();
            } // closing waits for the forked workers
            for (Future<?> f : running) {
                f.get();
            }
            List<T> ordered = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                ordered.add(results.get(i));
            }
            complete = true;
            return ordered;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("image encoding interrupted", e);
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        } finally {
            if (!complete) {
                for (int i = 0; i < count; i++) {
                    T made = results.get(i);
                    if (made != null) {
                        discard.accept(made);
                    }
                }
            }
        }
    }

    private static RuntimeException rethrown(Throwable cause) {
        return switch (cause) {
            case RuntimeException r -> r;
            case Error error -> throw error;
            default -> new IllegalStateException(cause);
        };
    }
}
