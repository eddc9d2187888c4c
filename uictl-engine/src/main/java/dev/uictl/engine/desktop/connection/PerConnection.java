package dev.uictl.engine.desktop.connection;

import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.wire.X11Exception;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * A helper bound to a display's shared connection (an input device, a screen grabber, a selection owner): made on
 * first use, made again when the connection was replaced, released when its owner closes.
 */
public final class PerConnection<T> implements AutoCloseable {
    /** The helper of one connection, made by the first caller; callers meanwhile await the same making. */
    private record Bound<T>(X11Connection connection, CompletableFuture<T> helper) {
        T made() {
            return helper.isDone() && !helper.isCompletedExceptionally() ? helper.join() : null;
        }
    }

    private final DisplayConnections connections;
    private final BiFunction<String, X11Connection, T> create;
    private final Consumer<T> release;
    private final Map<String, Bound<T>> bound = new ConcurrentHashMap<>();

    public PerConnection(DisplayConnections connections, BiFunction<String, X11Connection, T> create,
                         Consumer<T> release) {
        this.connections = connections;
        this.create = create;
        this.release = release;
    }

    /**
     * The display's helper, made on first use. Making one talks to the X server, so it runs outside the map's lock
     * and once: callers arriving meanwhile share its outcome, so a server that stopped answering costs each of them
     * one reply timeout, not one per caller ahead of them. A failed making is not kept; the next caller tries again.
     */
    public T get(String display, Map<String, String> env) {
        X11Connection x = connections.connection(display, env);
        while (true) {
            Bound<T> current = bound.get(display);
            if (current != null && current.connection() == x) {
                try {
                    return current.helper().join();
                } catch (CompletionException e) {
                    if (e.getCause() instanceof X11Exception failed && !(failed instanceof X11Exception.Cancelled)) {
                        throw failed; // the server's answer (or silence) holds for this caller too
                    }
                    continue; // the maker was cancelled or failed for its own reasons: make it again
                }
            }
            Bound<T> mine = new Bound<>(x, new CompletableFuture<>());
            if (current == null ? bound.putIfAbsent(display, mine) != null : !bound.replace(display, current, mine)) {
                continue;
            }
            if (current != null && current.made() != null) {
                releaseQuietly(current.made());
            }
            try {
                T helper = create.apply(display, x);
                mine.helper().complete(helper);
                return helper;
            } catch (RuntimeException | Error e) {
                bound.remove(display, mine);
                mine.helper().completeExceptionally(e);
                throw e;
            }
        }
    }

    /** The helper made for {@code display} so far, or null (nothing is opened). */
    public T existing(String display) {
        Bound<T> b = bound.get(display);
        return b == null ? null : b.made();
    }

    /** The helpers made so far (nothing is opened). */
    public Stream<T> all() {
        return bound.values().stream().map(Bound::made).filter(java.util.Objects::nonNull);
    }

    public void forget(String display) {
        Bound<T> old = bound.remove(display);
        if (old != null && old.made() != null) {
            releaseQuietly(old.made());
        }
    }

    @Override
    public void close() {
        all().forEach(this::releaseQuietly);
        bound.clear();
    }

    /** A helper of a lost connection cannot undo anything on the server; what it held there went with it. */
    private void releaseQuietly(T helper) {
        try {
            release.accept(helper);
        } catch (RuntimeException e) {
            System.getLogger("uictl.x11").log(System.Logger.Level.DEBUG, "releasing " + helper + ": " + e);
        }
    }
}
