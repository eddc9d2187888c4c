package dev.uictl.engine.desktop.service;

import dev.uictl.engine.desktop.spi.WindowSystem;
import dev.uictl.engine.desktop.spi.WindowSystemProvider;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Everything uictl keeps about one display: its window system connection (reopened when the server went away
 * and came back), the daemon-stable window ids, each session's refs and the change signal waits sleep on.
 */
final class DisplayState implements AutoCloseable {
    final String display;
    final WindowIds ids = new WindowIds();
    final ChangeSignal signal = new ChangeSignal();
    private final WindowSystemProvider provider;
    private final Map<String, RefTable> refs = new ConcurrentHashMap<>();
    private WindowSystem system;
    private AutoCloseable watch;

    DisplayState(String display, WindowSystemProvider provider) {
        this.display = display;
        this.provider = provider;
    }

    /** The live window system, opening (or reopening after a server restart) a connection when needed. */
    synchronized WindowSystem system(Map<String, String> env) {
        if (system != null && system.isAlive()) {
            return system;
        }
        if (system != null) {
            closeSystem();
            ids.forgetAll();
            refs.values().forEach(RefTable::clear);
        }
        WindowSystem opened = provider.open(display, env);
        try {
            watch = opened.watch(signal::bump);
        } catch (RuntimeException e) {
            opened.close();
            throw e;
        }
        system = opened;
        return system;
    }

    RefTable refs(String session) {
        return refs.computeIfAbsent(session, s -> new RefTable());
    }

    @Override
    public synchronized void close() {
        closeSystem();
    }

    private void closeSystem() {
        if (system == null) {
            return;
        }
        try {
            watch.close();
        } catch (Exception ignored) {
            // the connection is going away anyway
        }
        system.close();
        system = null;
    }
}
