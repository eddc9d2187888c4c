package dev.uictl.app.daemon;

import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.commands.daemon.DaemonStatus;
import dev.uictl.core.json.Json;
import dev.uictl.protocol.DaemonAddress;
import dev.uictl.protocol.Frame;
import dev.uictl.protocol.FrameCodec;
import dev.uictl.protocol.Installation;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * The daemon: one per user and display, guarded by a lock file. One platform thread accepts; each connection gets a
 * virtual thread. Peers of another uid are refused. It stops on request, after the idle timeout, or when its socket
 * file disappears or is replaced (another daemon took over).
 */
public final class DaemonServer {
    private static final System.Logger LOG = System.getLogger("uictl.daemon");
    private final DaemonAddress address;
    private final Installation installation;
    private final String buildId;
    private final Dispatcher dispatcher;
    private final Duration idleTimeout;
    private final BooleanSupplier holdsLiveState;
    private final Runnable onStop;
    private final Instant startedAt = Instant.now();
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong lastActivity = new AtomicLong(System.nanoTime());
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile ServerSocketChannel server;
    private volatile String stopReason;
    private volatile Object socketKey;

    public DaemonServer(DaemonAddress address, Installation installation, String buildId, Dispatcher dispatcher,
                        Duration idleTimeout, BooleanSupplier holdsLiveState, Runnable onStop) {
        this.address = address;
        this.installation = installation;
        this.buildId = buildId;
        this.dispatcher = dispatcher;
        this.idleTimeout = idleTimeout;
        this.holdsLiveState = holdsLiveState;
        this.onStop = onStop;
    }

    String buildId() {
        return buildId;
    }

    /** Serves until stopped; returns the reason. */
    public String run() throws IOException {
        address.ensurePrivateDir();
        Path lockPath = address.runtimeDir().resolve("daemon-" + address.displayKey() + ".lock");
        try (FileChannel lockFile = FileChannel.open(lockPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = acquire(lockFile)) {
            // Bound under a temporary name and renamed into place once listening: a client that finds the socket can
            // connect, so "connection refused" reliably means a stale socket it may remove.
            Path temporary = address.runtimeDir().resolve("." + address.socket().getFileName() + "."
                    + ProcessHandle.current().pid());
            Files.deleteIfExists(temporary);
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(temporary), 64);
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
            Files.move(temporary, address.socket(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            socketKey = Files.readAttributes(address.socket(), "unix:ino").get("ino");
            Files.writeString(address.pidFile(), Long.toString(ProcessHandle.current().pid()));
            LOG.log(System.Logger.Level.INFO, "uictl daemon " + buildId + " listening on " + address.socket());
            Thread.ofPlatform().daemon().name("uictl-watchdog").start(this::watch);
            Thread.ofPlatform().name("uictl-accept").start(this::acceptLoop);
            stopped.await();
            return stopReason;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            cleanupFiles();
        }
    }

    /**
     * Takes the per-display lock. A live daemon that still holds it (its socket was removed, so clients could not
     * reach it) is asked to terminate first.
     */
    private FileLock acquire(FileChannel lockFile) throws IOException, InterruptedException {
        FileLock lock = lockFile.tryLock();
        if (lock != null) {
            return lock;
        }
        try {
            long pid = Long.parseLong(Files.readString(address.pidFile()).trim());
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        } catch (IOException | NumberFormatException e) {
            LOG.log(System.Logger.Level.WARNING, "lock held but no readable pid file: " + e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            lock = lockFile.tryLock();
            if (lock != null) {
                return lock;
            }
            Thread.sleep(20); // the previous daemon is shutting down; no event tells us when its fcntl lock drops
        }
        throw new IOException("another daemon holds " + address.socket() + "'s lock and did not exit");
    }

    private void acceptLoop() {
        while (server.isOpen()) {
            SocketChannel ch;
            try {
                ch = server.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "accept failed: " + e);
                continue;
            }
            Thread.ofVirtual().name("uictl-conn").start(() -> handle(ch));
        }
    }

    private void handle(SocketChannel ch) {
        active.incrementAndGet();
        touch();
        try {
            if (!sameUser(ch)) {
                ch.close();
                return;
            }
            new ConnectionHandler(this, dispatcher, ch).serve();
            served.incrementAndGet();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "connection error: " + e);
        } finally {
            active.decrementAndGet();
            touch();
        }
    }

    private static boolean sameUser(SocketChannel ch) throws IOException {
        UnixDomainPrincipal peer = ch.getOption(ExtendedSocketOptions.SO_PEERCRED);
        String self = System.getProperty("user.name");
        if (!peer.user().getName().equals(self)) {
            LOG.log(System.Logger.Level.WARNING, "refused a connection from user " + peer.user().getName());
            return false;
        }
        return true;
    }

    private void touch() {
        lastActivity.set(System.nanoTime());
    }

    private void watch() {
        while (stopped.getCount() > 0) {
            try {
                if (stopped.await(1, TimeUnit.SECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
            if (!idleTimeout.isZero() && active.get() == 0
                    && System.nanoTime() - lastActivity.get() > idleTimeout.toNanos()
                    && !holdsLiveState.getAsBoolean()) {
                stop("idle for " + idleTimeout.toSeconds() + " s");
            }
            try {
                Object now = Files.readAttributes(address.socket(), "unix:ino").get("ino");
                if (!now.equals(socketKey)) {
                    stop("socket replaced by another daemon");
                }
            } catch (IOException e) {
                stop("socket " + address.socket() + " was removed");
            }
        }
    }

    /** Answers a management verb on an open connection. */
    void control(String verb, DataOutputStream out) throws IOException {
        byte[] body = switch (verb) {
            case "status", "stop" -> Json.write(status()).getBytes(StandardCharsets.UTF_8);
            default -> ("{\"error\":\"unknown control verb\"}").getBytes(StandardCharsets.UTF_8);
        };
        synchronized (out) {
            FrameCodec.write(out, new Frame.Stdout(body));
            FrameCodec.write(out, new Frame.Exit(verb.equals("status") || verb.equals("stop") ? 0 : 10));
            out.flush();
        }
        if (verb.equals("stop")) {
            stop("stopped by request");
        }
    }

    public DaemonStatus status() {
        long uptime = Duration.between(startedAt, Instant.now()).toMillis();
        ProcStatus proc = ProcStatus.read();
        return new DaemonStatus(true, ProcessHandle.current().pid(), address.socket().toString(),
                address.runtimeDir().toString(), address.displayKey(), buildId, startedAt.toString(), uptime,
                idleTimeout.toMillis(), (long) active.get(), served.get(), proc.rssKb(), proc.threads(),
                proc.openFds(), List.of());
    }

    boolean supersededOnDisk() {
        try {
            return !installation.buildId().equals(buildId);
        } catch (IOException e) {
            return false;
        }
    }

    public void stop(String reason) {
        synchronized (this) {
            if (stopReason != null) {
                return;
            }
            stopReason = reason;
        }
        LOG.log(System.Logger.Level.INFO, "stopping: " + reason);
        try {
            if (server != null) {
                server.close();
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "closing the listener: " + e);
        }
        onStop.run();
        stopped.countDown();
    }

    private void cleanupFiles() {
        try {
            Object current = Files.readAttributes(address.socket(), "unix:ino").get("ino");
            if (current.equals(socketKey)) {
                Files.deleteIfExists(address.socket());
            }
        } catch (IOException e) {
            // already gone
        }
        try {
            String pid = Files.readString(address.pidFile()).trim();
            if (pid.equals(Long.toString(ProcessHandle.current().pid()))) {
                Files.deleteIfExists(address.pidFile());
            }
        } catch (IOException e) {
            // already gone
        }
    }
}
