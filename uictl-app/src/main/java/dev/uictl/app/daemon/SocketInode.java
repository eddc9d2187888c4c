package dev.uictl.app.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A daemon socket file's inode: what tells the socket a daemon bound from one another daemon bound in its place
 * since, so that cleaning up after one never removes the other's.
 */
final class SocketInode {
    private SocketInode() {
    }

    /** The inode of {@code socket}, or null when there is no such file. */
    static Object of(Path socket) {
        try {
            return Files.readAttributes(socket, "unix:ino").get("ino");
        } catch (IOException e) {
            return null;
        }
    }

    /** Unlinks {@code socket} while it is still the file {@code inode} names. */
    static void removeIfStill(Path socket, Object inode) {
        Object now = of(socket);
        if (now != null && now.equals(inode)) {
            try {
                Files.deleteIfExists(socket);
            } catch (IOException e) {
                // removed meanwhile
            }
        }
    }
}
