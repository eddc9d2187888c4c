package dev.uictl.engine.system;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Whether $DISPLAY names a local X server that accepts connections. */
public final class DisplayProbe implements BackendProbe {
    static final String FIX = "uictl desktop up   # or export DISPLAY=:N for a running X server";

    /** The Unix socket of a local display such as ":1" or ":1.0"; empty for remote or malformed values. */
    public static Optional<Path> socketOf(String display) {
        if (display == null || !display.startsWith(":") && !display.startsWith("unix:")) {
            return Optional.empty();
        }
        String rest = display.substring(display.indexOf(':') + 1);
        int dot = rest.indexOf('.');
        String number = dot >= 0 ? rest.substring(0, dot) : rest;
        if (number.isEmpty() || !number.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        return Optional.of(Path.of("/tmp/.X11-unix/X" + number));
    }

    @Override
    public ToolStatus probe(Map<String, String> env) {
        String display = env.get("DISPLAY");
        if (display == null || display.isEmpty()) {
            return new ToolStatus("x-display", "backend", false, null, null, "DISPLAY is not set", FIX);
        }
        Optional<Path> socket = socketOf(display);
        if (socket.isEmpty()) {
            return new ToolStatus("x-display", "backend", false, null, null,
                    "DISPLAY=" + display + " is not a local display (:N)", FIX);
        }
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket.get()));
            return new ToolStatus("x-display", "backend", true, null, socket.get().toString(),
                    "DISPLAY=" + display + " accepts connections", null);
        } catch (IOException e) {
            return new ToolStatus("x-display", "backend", false, null, socket.get().toString(),
                    "DISPLAY=" + display + ": " + e.getMessage(), FIX);
        }
    }
}
