package dev.uictl.engine.desktop.connection;

import dev.uictl.x11.io.X11Connection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * A helper bound to a display's shared connection (an input device, a screen grabber, a selection owner): made on
 * first use, made again when the connection was replaced, released when its owner closes.
 */
public final class PerConnection<T> implements AutoCloseable {
    private record Bound<T>(X11Connection connection, T helper) {
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

    public T get(String display, Map<String, String> env) {
        X11Connection x = connections.connection(display, env);
        Bound<T> current = bound.get(display);
        if (current != null && current.connection() == x) {
            return current.helper();
        }
        return bound.compute(display, (d, old) -> {
            if (old != null && old.connection() == x) {
                return old;
            }
            if (old != null) {
                releaseQuietly(old.helper());
            }
            return new Bound<>(x, create.apply(d, x));
        }).helper();
    }

    /** The helper made for {@code display} so far, or null (nothing is opened). */
    public T existing(String display) {
        Bound<T> b = bound.get(display);
        return b == null ? null : b.helper();
    }

    /** The helpers made so far (nothing is opened). */
    public Stream<T> all() {
        return bound.values().stream().map(Bound::helper);
    }

    public void forget(String display) {
        Bound<T> old = bound.remove(display);
        if (old != null) {
            releaseQuietly(old.helper());
        }
    }

    @Override
    public void close() {
        bound.values().forEach(b -> releaseQuietly(b.helper()));
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
