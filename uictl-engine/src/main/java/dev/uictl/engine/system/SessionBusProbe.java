package dev.uictl.engine.system;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Whether a D-Bus session bus is reachable, which the accessibility (AT-SPI) bus is activated from. Only
 * {@code unix:path=} addresses can be checked without speaking D-Bus; others are reported as unverified.
 */
public final class SessionBusProbe implements BackendProbe {
    private static final Path LAUNCHER = Path.of("/usr/libexec/at-spi-bus-launcher");
    private static final String FIX = "uictl desktop up   # starts a private session bus with the AT-SPI bus";

    @Override
    public ToolStatus probe(Map<String, String> env) {
        String address = env.get("DBUS_SESSION_BUS_ADDRESS");
        boolean launcher = Files.isExecutable(LAUNCHER);
        String launcherNote = launcher ? "at-spi-bus-launcher installed" : "at-spi-bus-launcher missing "
                + "(apt-get install at-spi2-core)";
        if (address == null || address.isEmpty()) {
            return new ToolStatus("a11y-bus", "backend", false, null, null,
                    "DBUS_SESSION_BUS_ADDRESS is not set; " + launcherNote, FIX);
        }
        for (String part : address.split(";")) {
            for (String kv : part.substring(part.indexOf(':') + 1).split(",")) {
                if (kv.startsWith("path=")) {
                    Path socket = Path.of(kv.substring(5));
                    boolean exists = Files.exists(socket);
                    return new ToolStatus("a11y-bus", "backend", exists && launcher, null, socket.toString(),
                            (exists ? "session bus socket present; " : "session bus socket missing; ") + launcherNote,
                            exists && launcher ? null : FIX);
                }
            }
        }
        return new ToolStatus("a11y-bus", "backend", launcher, null, null,
                "session bus " + address + " (not verified); " + launcherNote, launcher ? null : FIX);
    }
}
