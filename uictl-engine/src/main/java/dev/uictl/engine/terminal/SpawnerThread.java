package dev.uictl.engine.terminal;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One platform thread that lives as long as the process and spawns the programs that ask to die with their parent
 * (bwrap --die-with-parent). Linux sends the parent-death signal when the parent <em>thread</em> ends, not the
 * process: spawned from a request thread or a virtual thread's carrier, a sandbox would be killed whenever that
 * thread retires, long before its session is closed.
 */
final class SpawnerThread {
    private static final ExecutorService SPAWNER = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("sandbox-spawner").factory());

    private SpawnerThread() {
    }

    /** Runs {@code spawn} on the spawner thread and returns its result or rethrows its exception. */
    static <T, E extends Exception> T run(Callable<T> spawn, Class<E> failure) throws E {
        Future<T> f = SPAWNER.submit(spawn);
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(false);
            throw new IllegalStateException("interrupted while starting the program", e);
        } catch (ExecutionException e) {
            if (failure.isInstance(e.getCause())) {
                throw failure.cast(e.getCause());
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
