package dev.uictl.engine.desktop.connection;

import dev.uictl.engine.desktop.env.PrivateDesktops;
import dev.uictl.x11.io.X11Connection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The daemon's one X connection per display, shared by windows, input, screenshots and the clipboard; a private
 * desktop's connection presents that desktop's cookie ({@link PrivateDesktops#withDesktop}). A connection
 * the server dropped is replaced on the next request, so every user reconnects together once a display is back.
 * X11 failures propagate as {@link dev.uictl.x11.wire.X11Exception} for the caller to map.
 */
public final class DisplayConnections implements AutoCloseable {
    private final Map<String, X11Connection> open = new ConcurrentHashMap<>();

    public X11Connection connection(String display, Map<String, String> env) {
        X11Connection existing = open.get(display);
        if (existing != null && existing.isOpen()) {
            return existing;
        }
        return open.compute(display, (d, old) -> old != null && old.isOpen() ? old
                : X11Connection.open(d, PrivateDesktops.withDesktop(env)));
    }

    @Override
    public void close() {
        open.values().forEach(X11Connection::close);
        open.clear();
    }
}
