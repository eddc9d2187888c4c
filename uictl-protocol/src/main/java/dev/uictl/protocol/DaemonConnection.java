package dev.uictl.protocol;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Connecting to an existing daemon socket, with the ownership check and stale-socket cleanup. */
public final class DaemonConnection {
    /**
     * How long the daemon may take to accept a connection, and to answer a management verb (status, stop): one that
     * runs does either in microseconds, so seconds mean it cannot.
     */
    public static final Duration FIRST_EXCHANGE = Duration.ofSeconds(5);

    private DaemonConnection() {
    }

    /**
     * A connected channel, or null when no daemon listens (no socket, or a stale one, which is removed).
     *
     * @throws SecurityException when the socket belongs to another user
     * @throws DaemonUnresponsive when a daemon listens but does not take the connection: it is stopped, or has not
     *     taken one for {@link #FIRST_EXCHANGE}
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
        // Non-blocking, so that a full listen backlog fails at once instead of blocking in connect(2) for as long
        // as the daemon does not accept, which is forever when it is stopped.
        long start = System.nanoTime();
        while (true) {
            SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                channel.configureBlocking(false);
                channel.connect(UnixDomainSocketAddress.of(socket)); // a Unix socket connects at once or fails
                channel.configureBlocking(true);
                return channel;
            } catch (ConnectException refused) {
                channel.close();
                Files.deleteIfExists(socket);
                return null;
            } catch (SocketException backlogFull) {
                // EAGAIN (the channel closed itself): the daemon has not accepted the connections queued before.
                // A running daemon takes them in microseconds; one that cannot answer never will.
                if (Files.notExists(socket)) {
                    return null;
                }
                awaitBacklog(address, start);
            } catch (IOException e) {
                channel.close();
                throw e;
            }
        }
    }

    /** Pauses before the next attempt; throws once the daemon cannot answer or {@link #FIRST_EXCHANGE} has passed. */
    private static void awaitBacklog(DaemonAddress address, long start) throws DaemonUnresponsive {
        var verdict = ClientSession.Outcome.Unresponsive.judge(DaemonProcess.of(address), System.nanoTime() - start,
                FIRST_EXCHANGE.toNanos(), "take a connection", "has not taken a connection in");
        if (verdict.isPresent()) {
            throw new DaemonUnresponsive(verdict.get());
        }
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
}
