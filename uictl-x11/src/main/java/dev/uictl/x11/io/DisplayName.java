package dev.uictl.x11.io;

import java.nio.file.Path;

/**
 * A parsed {@code $DISPLAY} for a local server: {@code :N}, {@code :N.S}, {@code unix:N[.S]} or
 * {@code unix/:N}. The socket path is the fixed system location X servers listen on, not {@code java.io.tmpdir}.
 */
public record DisplayName(String original, int number, int screen) {
    public static final String SOCKET_DIR = "/tmp/.X11-unix";

    /**
     * @throws IllegalArgumentException for empty, remote (TCP) or malformed names, with the reason
     */
    public static DisplayName parse(String display) {
        if (display == null || display.isBlank()) {
            throw new IllegalArgumentException("DISPLAY is not set");
        }
        int colon = display.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("DISPLAY=" + display + " has no ':N' display number");
        }
        String host = display.substring(0, colon);
        if (!host.isEmpty() && !host.equals("unix") && !host.equals("unix/")) {
            throw new IllegalArgumentException("DISPLAY=" + display + " names a remote host; only local displays are supported");
        }
        String rest = display.substring(colon + 1);
        int dot = rest.indexOf('.');
        String number = dot >= 0 ? rest.substring(0, dot) : rest;
        String screen = dot >= 0 ? rest.substring(dot + 1) : "0";
        if (!isNumber(number) || !isNumber(screen)) {
            throw new IllegalArgumentException("DISPLAY=" + display + " is not of the form :N or :N.S");
        }
        return new DisplayName(display, Integer.parseInt(number), Integer.parseInt(screen));
    }

    public Path socket() {
        return Path.of(SOCKET_DIR, "X" + number);
    }

    private static boolean isNumber(String s) {
        return !s.isEmpty() && s.length() <= 9 && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    @Override
    public String toString() {
        return ":" + number + "." + screen;
    }
}
