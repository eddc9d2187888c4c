package dev.uictl.protocol;

import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;

/** Connecting to an existing daemon socket, with the ownership check and stale-socket cleanup. */
public final class DaemonConnection {
    private DaemonConnection() {
    }

    /**
     * A connected channel, or null when no daemon listens (no socket, or a stale one, which is removed).
     *
     * @throws SecurityException when the socket belongs to another user
     */
    public static SocketChannel tryConnect(DaemonAddress address) throws IOException {
        var socket = address.socket();
        int owner;
        try {
            owner = (Integer) Files.getAttribute(socket, "unix:uid");
        } catch (NoSuchFileException e) {
            return null;
        }
        if (owner != Identity.uid()) {
            throw new SecurityException(socket + " belongs to uid " + owner + ", not to uid " + Identity.uid());
        }
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
            return channel;
        } catch (ConnectException refused) {
            channel.close();
            Files.deleteIfExists(socket);
            return null;
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }
}
