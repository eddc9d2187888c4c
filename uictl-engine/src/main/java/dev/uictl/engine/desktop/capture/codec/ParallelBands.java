package dev.uictl.engine.desktop.capture.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Encodes the horizontal bands of one image at once: every band but the last on a virtual thread of its own, the
 * last on the calling thread, which would otherwise only wait for the others (one thread start and one wake-up
 * fewer per image; with two bands, the usual case on two cores, half the hand-offs).
 */
final class ParallelBands {
    private ParallelBands() {
    }

    /**
     * The results of {@code band} for 0 to {@code count - 1}, in order. When a band fails, the results the others
     * made are handed to {@code discard} (native memory to free) and the failure is thrown.
     */
    static <T> List<T> encode(int count, IntFunction<T> band, Consumer<T> discard) {
        List<Future<T>> forked = new ArrayList<>(count - 1);
        T last = null;
        boolean complete = false;
        try {
            try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < count - 1; i++) {
                    int index = i;
                    forked.add(executor.submit(() -> band.apply(index)));
                }
                last = band.apply(count - 1);
            } // closing waits for the forked bands
            List<T> results = new ArrayList<>(count);
            for (Future<T> f : forked) {
                results.add(f.get());
            }
            results.add(last);
            complete = true;
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("image encoding interrupted", e);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case RuntimeException r -> throw r;
                case Error error -> throw error;
                default -> throw new IllegalStateException(e.getCause());
            }
        } finally {
            if (!complete) {
                for (Future<T> f : forked) {
                    if (f.state() == Future.State.SUCCESS) {
                        discard.accept(f.resultNow());
                    }
                }
                if (last != null) {
                    discard.accept(last);
                }
            }
        }
    }
}
