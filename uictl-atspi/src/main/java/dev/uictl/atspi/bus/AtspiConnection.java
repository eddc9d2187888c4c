package dev.uictl.atspi.bus;

import dev.uictl.atspi.iface.DBusProperties;
import dev.uictl.atspi.iface.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.interfaces.CallbackHandler;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.Variant;

/**
 * One connection to an accessibility bus, safe to share between threads. Every call is asynchronous underneath: a
 * caller waits for its own reply only as long as its {@link Budget} allows, so a hung or SIGSTOPped application
 * costs that caller its budget and nobody else anything (no thread of the connection waits on an application).
 */
public final class AtspiConnection implements AutoCloseable {
    private static final long POLL_SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /**
     * Event kinds registered at connection time, so applications already emit them when a watch or an idle wait
     * subscribes (bridges notice a registration asynchronously, within a few hundred ms).
     */
    public static final List<String> EVENT_KINDS = List.of("object:children-changed", "object:state-changed",
            "object:property-change", "object:text-changed", "object:bounds-changed", "object:row-inserted",
            "object:row-deleted", "object:row-reordered", "object:model-changed", "object:visible-data-changed",
            "window:create", "window:destroy", "window:activate", "window:deactivate");
    /** How long after the registrations applications may still be starting to emit. */
    public static final Duration EVENTS_SETTLE = Duration.ofMillis(250);

    private final DBusConnection bus;
    private final Proxies proxies;
    private final String address;
    private final Map<String, Toolkit> toolkits = new ConcurrentHashMap<>();
    private static final String ROOT_PATH = "/org/a11y/atspi/accessible/root";
    private static final String APPLICATION = "org.a11y.atspi.Application";
    private final long openedAt = System.nanoTime();
    private volatile ChangeCounter changes;

    private AtspiConnection(DBusConnection bus, String address) {
        this.bus = bus;
        this.proxies = new Proxies(bus);
        this.address = address;
    }

    /** Connects to the accessibility bus at {@code address} (a {@code unix:path=} D-Bus address) within the budget. */
    public static AtspiConnection open(String address, Budget budget) {
        AtspiConnection c = new AtspiConnection(connect(address, budget), address);
        c.changes = new ChangeCounter(c);
        c.wakeBridges();
        return c;
    }

    /**
     * at-spi2-atk bridges create their {@code Cache} object and emit events only once some client listens for an
     * event; register for one (the registry drops it when this connection closes). Not awaited: nothing depends on
     * its reply, and the bridges notice it asynchronously anyway.
     */
    private void wakeBridges() {
        for (String kind : EVENT_KINDS) {
            call(new AccessibleId(Registry.BUS_NAME, Registry.PATH), Registry.class, "RegisterEvent", kind,
                    List.of(), "").exceptionally(e -> null);
        }
    }

    /** Which applications changed since when; counting from the moment the connection opened. */
    public ChangeCounter changes() {
        return changes;
    }

    /** When events of {@link #EVENT_KINDS} can be relied on to flow (monotonic nanos). */
    public long eventsSettledAt() {
        return openedAt + EVENTS_SETTLE.toNanos();
    }

    /** Wraps an already open connection (used for the short-lived session-bus lookup). */
    static AtspiConnection wrap(DBusConnection bus, String address) {
        return new AtspiConnection(bus, address);
    }

    static DBusConnection connect(String address, Budget budget) {
        Optional<Path> gone = missingSocket(address);
        if (gone.isPresent()) {
            // dbus-java would keep trying a path nobody listens on until the budget ends
            throw new AtspiException.BusUnavailable("no bus listens at " + gone.get()
                    + ": the socket is gone (the bus daemon exited)", null);
        }
        CompletableFuture<DBusConnection> opening = new CompletableFuture<>();
        Thread.ofVirtual().name("atspi-connect").start(() -> {
            try {
                // every call makes a proxy, and dbus-java keeps one per object called in a map for the connection's
                // life unless that map holds them weakly: strongly held, every object a day touches would stay there
                opening.complete(DBusConnectionBuilder.forAddress(address).withShared(false)
                        .withImportWeakReferences(true).build());
            } catch (Throwable e) {
                opening.completeExceptionally(e);
            }
        });
        try {
            return waitFor(opening, budget);
        } catch (TimeoutException e) {
            // a late connection must not leak
            opening.thenAccept(DBusConnection::disconnect);
            throw new AtspiException.BusUnavailable("the bus at " + address + " did not accept a connection in time",
                    e);
        } catch (ExecutionException e) {
            throw new AtspiException.BusUnavailable("cannot connect to " + address + ": " + e.getCause().getMessage(),
                    e.getCause());
        }
    }

    /** The socket file of a {@code unix:path=} address when it does not exist; other addresses are not judged. */
    private static Optional<Path> missingSocket(String address) {
        if (address.contains(";") || !address.startsWith("unix:")) {
            return Optional.empty();
        }
        for (String field : address.substring("unix:".length()).split(",")) {
            if (field.startsWith("path=")) {
                Path socket = Path.of(field.substring("path=".length()));
                return Files.exists(socket) ? Optional.empty() : Optional.of(socket);
            }
        }
        return Optional.empty();
    }

    /**
     * The toolkit of the application on unique name {@code appBus}, asked once (a unique name is never given to
     * another connection); {@link Toolkit#UNKNOWN} when the application does not say.
     */
    public Toolkit toolkit(String appBus, Budget budget) {
        Toolkit known = toolkits.get(appBus);
        if (known != null) {
            return known;
        }
        AccessibleId root = new AccessibleId(appBus, ROOT_PATH);
        CompletableFuture<String> name = property(root, APPLICATION, "ToolkitName");
        CompletableFuture<String> version = property(root, APPLICATION, "Version");
        Toolkit t;
        try {
            t = new Toolkit(String.valueOf(await(name, budget, appBus, "Get ToolkitName")),
                    String.valueOf(await(version, budget, appBus, "Get Version")));
        } catch (AtspiException.CallFailed noApplicationInterface) {
            t = Toolkit.UNKNOWN;
        }
        toolkits.put(appBus, t);
        return t;
    }

    public String address() {
        return address;
    }

    public boolean isOpen() {
        return bus.isConnected();
    }

    /** The unique name this connection has on the bus (to skip ourselves among the bus's clients). */
    public String uniqueName() {
        return bus.getUniqueName();
    }

    /**
     * Sends {@code method} of {@code iface} to {@code target}; the future completes with the reply (typed as the
     * interface method declares it) or an {@link AtspiException}. It never completes by timeout on its own: wait
     * with {@link #await}.
     */
    public <T> CompletableFuture<T> call(AccessibleId target, Class<? extends DBusInterface> iface, String method,
                                         Object... args) {
        CompletableFuture<T> reply = new CompletableFuture<>();
        try {
            DBusInterface proxy = proxies.of(target.bus(), target.path(), iface);
            bus.callWithCallback(proxy, method, new CallbackHandler<T>() {
                @Override
                public void handle(T value) {
                    reply.complete(value);
                }

                @Override
                public void handleError(DBusExecutionException e) {
                    reply.completeExceptionally(Failures.of(target, method, e));
                }
            }, args);
        } catch (DBusException | DBusExecutionException e) {
            reply.completeExceptionally(Failures.of(target, method, e));
        } catch (RuntimeException e) {
            reply.completeExceptionally(new AtspiException.BusUnavailable(
                    "the accessibility bus connection failed: " + e.getMessage(), e));
        }
        return reply;
    }

    /** Reads property {@code name} of {@code iface} (e.g. {@code org.a11y.atspi.Accessible}, {@code Name}). */
    public <T> CompletableFuture<T> property(AccessibleId target, String iface, String name) {
        CompletableFuture<Variant<?>> raw = call(target, DBusProperties.class, "Get", iface, name);
        return raw.thenApply(v -> {
            @SuppressWarnings("unchecked")
            T value = (T) (v == null ? null : v.getValue());
            return value;
        });
    }

    /** Writes property {@code name} of {@code iface}. */
    public CompletableFuture<Void> setProperty(AccessibleId target, String iface, String name, Object value) {
        return call(target, DBusProperties.class, "Set", iface, name, new Variant<>(value));
    }

    /** {@link #call} and {@link #await} in one. */
    public <T> T invoke(AccessibleId target, Class<? extends DBusInterface> iface, String method, Budget budget,
                        Object... args) {
        return await(call(target, iface, method, args), budget, target.bus(), method);
    }

    /**
     * Waits for {@code reply} within the budget; a timeout becomes {@link AtspiException.Unresponsive} naming
     * {@code bus}, or {@link AtspiException.OutOfTime} when the budget was spent before the wait began (that says
     * nothing about {@code bus}), the caller's cancellation {@link AtspiException.Cancelled}.
     */
    public static <T> T await(CompletableFuture<T> reply, Budget budget, String bus, String method) {
        long started = System.nanoTime();
        boolean hadTime = budget.remainingNanos() > 0;
        try {
            return waitFor(reply, budget);
        } catch (TimeoutException e) {
            reply.cancel(false);
            if (budget.cancelled().getAsBoolean()) {
                throw new AtspiException.Cancelled("cancelled while waiting for " + bus + " " + method);
            }
            if (!hadTime) {
                throw new AtspiException.OutOfTime(bus, method);
            }
            throw new AtspiException.Unresponsive(bus, method,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AtspiException a) {
                throw a;
            }
            throw new AtspiException.CallFailed(null, method + " failed: " + e.getCause(), e.getCause());
        }
    }

    /** Waits in short slices so cancellation is noticed without relying on interrupts. */
    private static <T> T waitFor(CompletableFuture<T> f, Budget budget) throws TimeoutException, ExecutionException {
        while (true) {
            long left = budget.remainingNanos();
            if (left <= 0 || budget.cancelled().getAsBoolean()) {
                if (!f.isDone()) {
                    throw new TimeoutException();
                }
                left = 0; // a reply that came in time is still taken below, a failed one as the failure it is
            }
            try {
                return f.get(Math.min(left, POLL_SLICE_NANOS), TimeUnit.NANOSECONDS);
            } catch (TimeoutException slice) {
                // next slice
            } catch (CancellationException e) {
                throw new ExecutionException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TimeoutException("interrupted");
            }
        }
    }

    /** Subscribes to a signal type; closing the handle unsubscribes. Handlers run on dbus-java's signal threads. */
    public <S extends DBusSignal> AutoCloseable onSignal(Class<S> type, Consumer<S> handler) {
        try {
            return bus.addSigHandler(type, handler::accept);
        } catch (DBusException e) {
            throw new AtspiException.CallFailed(null, "cannot subscribe to " + type.getSimpleName(), e);
        }
    }

    /** Sends a signal (no reply). */
    void send(DBusSignal signal) {
        bus.sendMessage(signal);
    }

    public Duration pingTime(Budget budget) {
        long t0 = System.nanoTime();
        invoke(new AccessibleId("org.freedesktop.DBus", "/org/freedesktop/DBus"),
                org.freedesktop.dbus.interfaces.DBus.class, "GetId", budget);
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    @Override
    public void close() {
        if (changes != null) {
            changes.close();
        }
        bus.disconnect();
    }
}
