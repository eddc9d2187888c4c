package dev.uictl.x11.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads an Xauthority file: big-endian entries of {@code u16 family} then four {@code u16 length + bytes}
 * fields (address, display number, auth name, auth data).
 */
public final class XAuthority {
    static final int FAMILY_LOCAL = 256;
    /** Any address and, with an empty display number, any display: what a private server's own file holds. */
    public static final int FAMILY_WILD = 65535;

    public record Entry(int family, String address, String number, String name, byte[] data) {
    }

    private XAuthority() {
    }

    /** The file named by {@code $XAUTHORITY}, else {@code $HOME/.Xauthority}; empty when neither is known. */
    public static Optional<Path> location(Map<String, String> env) {
        String explicit = env.get("XAUTHORITY");
        if (explicit != null && !explicit.isEmpty()) {
            return Optional.of(Path.of(explicit));
        }
        String home = env.get("HOME");
        return home == null || home.isEmpty() ? Optional.empty() : Optional.of(Path.of(home, ".Xauthority"));
    }

    /** Parses every entry; a truncated tail is ignored as xauth does. */
    public static List<Entry> parse(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file);
        List<Entry> entries = new ArrayList<>();
        try {
            while (b.remaining() >= 2) {
                int family = b.getShort() & 0xffff;
                String address = new String(field(b), StandardCharsets.ISO_8859_1);
                String number = new String(field(b), StandardCharsets.ISO_8859_1);
                String name = new String(field(b), StandardCharsets.ISO_8859_1);
                byte[] data = field(b);
                entries.add(new Entry(family, address, number, name, data));
            }
        } catch (RuntimeException truncated) {
            // keep the complete entries read so far
        }
        return entries;
    }

    /**
     * The MIT-MAGIC-COOKIE-1 for local display {@code number}: a local entry for this host or a wildcard entry,
     * with the same display number; {@link AuthCookie#NONE} when the file or a matching entry is missing.
     */
    public static AuthCookie cookieFor(int number, Map<String, String> env) {
        Optional<Path> file = location(env);
        if (file.isEmpty() || !Files.isReadable(file.get())) {
            return AuthCookie.NONE;
        }
        try {
            return select(parse(Files.readAllBytes(file.get())), number, hostname());
        } catch (IOException e) {
            return AuthCookie.NONE;
        }
    }

    static AuthCookie select(List<Entry> entries, int number, String hostname) {
        String wanted = Integer.toString(number);
        for (Entry e : entries) {
            boolean hostMatches = e.family == FAMILY_WILD
                    || e.family == FAMILY_LOCAL && (hostname == null || hostname.equals(e.address));
            boolean numberMatches = e.number.isEmpty() || e.number.equals(wanted);
            if (hostMatches && numberMatches && e.name.equals(AuthCookie.MIT_MAGIC_COOKIE)) {
                return new AuthCookie(e.name, e.data);
            }
        }
        return AuthCookie.NONE;
    }

    /** The file form of {@code entries}, as {@link #parse} reads it (and xauth, Xlib and X servers). */
    public static byte[] encode(List<Entry> entries) {
        int size = 0;
        for (Entry e : entries) {
            size += 2 + 8 + e.address.length() + e.number.length() + e.name.length() + e.data.length;
        }
        ByteBuffer b = ByteBuffer.allocate(size);
        for (Entry e : entries) {
            b.putShort((short) e.family);
            putField(b, e.address.getBytes(StandardCharsets.ISO_8859_1));
            putField(b, e.number.getBytes(StandardCharsets.ISO_8859_1));
            putField(b, e.name.getBytes(StandardCharsets.ISO_8859_1));
            putField(b, e.data);
        }
        return b.array();
    }

    private static void putField(ByteBuffer b, byte[] bytes) {
        b.putShort((short) bytes.length);
        b.put(bytes);
    }

    private static byte[] field(ByteBuffer b) {
        byte[] bytes = new byte[b.getShort() & 0xffff];
        b.get(bytes);
        return bytes;
    }

    private static String hostname() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
