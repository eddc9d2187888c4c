package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.bus.BusLocator;
import dev.uictl.core.call.CallContext;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The daemon's one accessibility-bus connection per bus, shared by snapshots, queries and actions (like the X
 * connection per display). The bus is found from the caller's environment ({@code AT_SPI_BUS_ADDRESS}, else the
 * session bus); a connection the bus dropped is replaced on the next request.
 */
public final class AccessibilityConnections implements AutoCloseable {
    /** Finding and connecting to the bus gets at most this much of a caller's deadline. */
    private static final Duration CONNECT_CAP = Duration.ofSeconds(5);

    private final Map<String, String> addresses = new ConcurrentHashMap<>();
    private final Map<String, AtspiConnection> open = new ConcurrentHashMap<>();

    public AtspiConnection connection(CallContext ctx) {
        Budget budget = Budgets.of(ctx).atMost(CONNECT_CAP);
        Map<String, String> env = ctx.env();
        String key = env.getOrDefault(BusLocator.A11Y_ADDRESS_VAR, "") + "|"
                + env.getOrDefault(BusLocator.SESSION_ADDRESS_VAR, "");
        try {
            String address = addresses.get(key);
            if (address == null) {
                address = BusLocator.address(env, budget);
                addresses.put(key, address);
            }
            AtspiConnection existing = open.get(address);
            if (existing != null && existing.isOpen()) {
                return existing;
            }
            String a = address;
            return open.compute(address, (k, old) -> {
                if (old != null && old.isOpen()) {
                    return old;
                }
                return AtspiConnection.open(a, budget);
            });
        } catch (AtspiException.BusUnavailable e) {
            addresses.remove(key);
            throw AccessibilityErrors.map(e);
        }
    }

    @Override
    public void close() {
        open.values().forEach(AtspiConnection::close);
        open.clear();
    }
}
