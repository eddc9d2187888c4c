package dev.uictl.atspi.bus;

import dev.uictl.atspi.iface.A11yBus;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.freedesktop.dbus.connections.impl.DBusConnection;

/**
 * Finds the accessibility bus for an environment: {@code AT_SPI_BUS_ADDRESS} when set, else
 * {@code org.a11y.Bus.GetAddress} on the session bus named by {@code DBUS_SESSION_BUS_ADDRESS} (which starts
 * at-spi-bus-launcher if needed). Asking the session bus also turns accessibility on ({@code org.a11y.Status
 * IsEnabled}), so toolkits that check it register their applications.
 */
public final class BusLocator {
    public static final String A11Y_ADDRESS_VAR = "AT_SPI_BUS_ADDRESS";
    public static final String SESSION_ADDRESS_VAR = "DBUS_SESSION_BUS_ADDRESS";

    private BusLocator() {
    }

    public static String address(Map<String, String> env, Budget budget) {
        String direct = env.get(A11Y_ADDRESS_VAR);
        if (direct != null && !direct.isBlank()) {
            return direct;
        }
        String session = env.get(SESSION_ADDRESS_VAR);
        if (session == null || session.isBlank()) {
            throw new AtspiException.BusUnavailable(
                    "neither " + A11Y_ADDRESS_VAR + " nor " + SESSION_ADDRESS_VAR + " is set", null);
        }
        DBusConnection bus = AtspiConnection.connect(session, budget);
        try {
            AccessibleId launcher = new AccessibleId(A11yBus.DESTINATION, A11yBus.PATH);
            AtspiConnection c = AtspiConnection.wrap(bus, session);
            CompletableFuture<Void> enabled = c.setProperty(launcher, A11yBus.STATUS_INTERFACE, "IsEnabled", true);
            String address;
            try {
                address = c.invoke(launcher, A11yBus.class, "GetAddress", budget);
            } catch (AtspiException.ObjectGone | AtspiException.CallFailed e) {
                throw new AtspiException.BusUnavailable(
                        "the session bus has no accessibility bus launcher (org.a11y.Bus): " + e.getMessage(), e);
            }
            enabled.exceptionally(e -> null);
            if (address == null || address.isBlank()) {
                throw new AtspiException.BusUnavailable("org.a11y.Bus.GetAddress returned no address", null);
            }
            return address;
        } finally {
            bus.disconnect();
        }
    }

}
