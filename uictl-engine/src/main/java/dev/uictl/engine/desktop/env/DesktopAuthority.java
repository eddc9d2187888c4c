package dev.uictl.engine.desktop.env;

import dev.uictl.core.file.OwnerOnly;
import dev.uictl.x11.io.AuthCookie;
import dev.uictl.x11.io.XAuthority;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.List;

/**
 * The private desktop's Xauthority: one fresh MIT-MAGIC-COOKIE-1 (128 random bits) in a 0600 file in the desktop's
 * own directory. Xvfb reads it with {@code -auth} and then refuses every connection, on the path and the abstract
 * socket alike, that does not present the cookie; our connections and the programs we start find it through
 * {@code XAUTHORITY}. The entry is a wildcard one (any address, any display number) because Xvfb picks its display
 * only after it has read the file; the file's directory makes it this desktop's alone.
 */
final class DesktopAuthority {
    static final String FILE = "xauthority";
    private static final SecureRandom RANDOM = new SecureRandom();

    private DesktopAuthority() {
    }

    /** Creates {@code dir/xauthority} (exclusively, 0600) and returns it. */
    static Path create(Path dir) throws IOException {
        byte[] cookie = new byte[16];
        RANDOM.nextBytes(cookie);
        byte[] file = XAuthority.encode(List.of(new XAuthority.Entry(XAuthority.FAMILY_WILD, "", "",
                AuthCookie.MIT_MAGIC_COOKIE, cookie)));
        Path path = dir.resolve(FILE);
        try (FileChannel ch = FileChannel.open(path, java.util.Set.of(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE), OwnerOnly.FILE)) {
            ByteBuffer b = ByteBuffer.wrap(file);
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }
        return path;
    }
}
