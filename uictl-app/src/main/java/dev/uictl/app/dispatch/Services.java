package dev.uictl.app.dispatch;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.lifecycle.LiveState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Domain services by type, created on first use and shared for the life of the process (the daemon keeps its X
 * connection, sessions and caches warm this way). A factory may ask for the services it depends on; those are
 * created first and closed last.
 */
public final class Services {
    private final Map<Class<?>, Supplier<?>> factories = new ConcurrentHashMap<>();
    private final Map<Class<?>, Object> instances = new ConcurrentHashMap<>();
    /** Created services in creation order (dependencies before their users). */
    private final List<Object> created = new ArrayList<>();

    public <T> Services register(Class<T> type, Supplier<? extends T> factory) {
        factories.put(type, factory);
        return this;
    }

    public synchronized <T> Services registerInstance(Class<T> type, T instance) {
        instances.put(type, instance);
        created.add(instance);
        return this;
    }

    public <T> T get(Class<T> type) {
        Object existing = instances.get(type);
        if (existing != null) {
            return type.cast(existing);
        }
        Supplier<?> factory = factories.get(type);
        if (factory == null) {
            throw UictlException.of(ErrorCode.INTERNAL_ERROR, "no service registered for " + type.getSimpleName());
        }
        synchronized (this) { // reentrant, unlike computeIfAbsent, for factories that get their dependencies
            Object instance = instances.get(type);
            if (instance == null) {
                instance = factory.get();
                instances.put(type, instance);
                created.add(instance);
            }
            return type.cast(instance);
        }
    }

    /** True while a created service holds state that would die with the process (see {@link LiveState}). */
    public boolean holdLiveState() {
        return instances.values().stream().anyMatch(o -> o instanceof LiveState l && l.holdsLiveState());
    }

    /** Closes every created service that holds resources, users before the services they depend on. */
    public synchronized void closeAll() {
        for (Object o : created.reversed()) {
            if (o instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    System.getLogger("uictl").log(System.Logger.Level.WARNING, "closing " + o, e);
                }
            }
        }
        instances.clear();
        created.clear();
    }
}
