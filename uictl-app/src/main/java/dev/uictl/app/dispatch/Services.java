package dev.uictl.app.dispatch;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.lifecycle.LiveState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Domain services by type, created on first use and shared for the life of the process (the daemon keeps its X
 * connection, sessions and caches warm this way). A factory may ask for the services it depends on; those are
 * created first and closed last. Once {@link #closeAll} began no service is created any more.
 */
public final class Services {
    private final Map<Class<?>, Supplier<?>> factories = new ConcurrentHashMap<>();
    private final Map<Class<?>, Object> instances = new ConcurrentHashMap<>();
    /** Created services in creation order (dependencies before their users). */
    private final List<Object> created = new ArrayList<>();
    /** Set when {@link #closeAll} began; from then on nothing is created (guarded by this). */
    private boolean closing;

    public <T> Services register(Class<T> type, Supplier<? extends T> factory) {
        factories.put(type, factory);
        return this;
    }

    public synchronized <T> Services registerInstance(Class<T> type, T instance) {
        if (closing) {
            throw new IllegalStateException("services are closed; cannot register " + type.getSimpleName());
        }
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
                if (closing) {
                    // A service created now would never be closed: its sessions and processes would outlive us.
                    throw UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, "the daemon is stopping; "
                                    + type.getSimpleName() + " is no longer available")
                            .withHint("Retry: the next call starts a fresh daemon.")
                            .withDetail("kind", "daemon_stopping");
                }
                instance = factory.get();
                instances.put(type, instance);
                created.add(instance);
            }
            return type.cast(instance);
        }
    }

    /** What the created services hold that would die with the process (see {@link LiveState}), in words. */
    public List<String> liveState() {
        return instances.values().stream().flatMap(o -> o instanceof LiveState l ? l.liveState().stream()
                : Stream.empty()).toList();
    }

    /** Closes every created service that holds resources, users before the services they depend on. */
    public synchronized void closeAll() {
        closing = true;
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
