package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.bus.BusLocator;
import dev.uictl.core.call.CallContext;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The daemon's one accessibility-bus connection per bus, shared by snapshots, queries and actions (like the X
 * connection per display). The bus is found from the caller's environment ({@code AT_SPI_BUS_ADDRESS}, else the
 * session bus); a connection the bus dropped is replaced on the next request.
 */
public final class AccessibilityConnections implements AutoCloseable {
    /** Finding and connecting to the bus gets at most this much of a caller's deadline. */
    private static final Duration CONNECT_CAP = Duration.ofSeconds(5);

    private final Map<String, String> addresses = new ConcurrentHashMap<>();
    /** Environments whose bus {@link #prepare} is connecting to. */
    private final Set<String> preparing = ConcurrentHashMap.newKeySet();
    /** Each bus's connection, or its opening in progress: callers arriving meanwhile await that one opening. */
    private final Map<String, CompletableFuture<AtspiConnection>> open = new ConcurrentHashMap<>();

    public AtspiConnection connection(CallContext ctx) {
        return connection(ctx.env(), Budgets.of(ctx).atMost(CONNECT_CAP));
    }

    /**
     * Starts connecting to the bus of a caller's environment in the background, when it names one and no
     * connection to it was asked for yet: the daemon does this for every caller, so the first snapshot or element
     * action finds the connection open, its event registrations sent and settled, instead of paying for them
     * (150-300 ms, and a first walk that could not be remembered because events were not yet reported). A failure
     * is left to the call that needs the bus to report.
     */
    public void prepare(Map<String, String> env) {
        String key = key(env);
        if (key.equals("|") || addresses.containsKey(key) || !preparing.add(key)) {
            return;
        }
        Thread.ofVirtual().name("a11y-prepare").start(() -> {
            try {
                connection(env, Budget.of(CONNECT_CAP));
            } catch (RuntimeException e) {
                // no bus there: the caller that needs one is told, with a hint
            } finally {
                preparing.remove(key);
            }
        });
    }

    private static String key(Map<String, String> env) {
        return env.getOrDefault(BusLocator.A11Y_ADDRESS_VAR, "") + "|"
                + env.getOrDefault(BusLocator.SESSION_ADDRESS_VAR, "");
    }

    private AtspiConnection connection(Map<String, String> env, Budget budget) {
        String key = key(env);
        try {
            String address = addresses.get(key);
            if (address == null) {
                address = BusLocator.address(env, budget);
                addresses.put(key, address);
            }
            return opened(address, budget);
        } catch (AtspiException.BusUnavailable e) {
            addresses.remove(key);
            throw AccessibilityErrors.map(e);
        }
    }

    /**
     * The bus's open connection, opening it when there is none or the bus dropped it. The opening runs outside the
     * map's lock and once: a bus that does not answer costs each concurrent caller its own budget at most, not one
     * connect timeout per caller ahead of it.
     */
    private AtspiConnection opened(String address, Budget budget) {
        while (true) {
            CompletableFuture<AtspiConnection> current = open.get(address);
            boolean dropped = current != null && current.isDone() && !current.isCompletedExceptionally()
                    && !current.join().isOpen();
            if (current != null && !dropped) {
                return awaitOpening(current, address, budget);
            }
            CompletableFuture<AtspiConnection> mine = new CompletableFuture<>();
            if (current == null ? open.putIfAbsent(address, mine) != null : !open.replace(address, current, mine)) {
                continue;
            }
            try {
                AtspiConnection c = AtspiConnection.open(address, budget);
                mine.complete(c);
                return c;
            } catch (RuntimeException | Error e) {
                open.remove(address, mine); // the next caller tries again
                mine.completeExceptionally(e);
                throw e;
            }
        }
    }

    private static AtspiConnection awaitOpening(CompletableFuture<AtspiConnection> opening, String address,
                                                Budget budget) {
        try {
            return opening.get(Math.max(0, budget.remainingNanos()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new AtspiException.BusUnavailable("the bus at " + address + " did not accept a connection in time",
                    e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AtspiException a) {
                throw a;
            }
            throw new AtspiException.BusUnavailable("cannot connect to " + address + ": " + e.getCause(),
                    e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AtspiException.Cancelled("interrupted while connecting to " + address);
        }
    }

    @Override
    public void close() {
        open.values().forEach(f -> f.thenAccept(AtspiConnection::close));
        open.clear();
    }
}
