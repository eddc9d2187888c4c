package dev.uictl.app.daemon;

import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.commands.daemon.DaemonStatus;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
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
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * The daemon: one per user and display, guarded by {@link DaemonLock} (a second daemon refuses to start). One
 * platform thread accepts; each connection gets a virtual thread, up to a cap past which clients get an error
 * envelope. Peers of another uid are refused. It stops on request, after the idle timeout, or when its socket file
 * disappears or is replaced; stopping drains the requests in flight before the services close.
 */
public final class DaemonServer {
    private static final System.Logger LOG = System.getLogger("uictl.daemon");
    /** Connections served at once; a client past it gets DAEMON_UNAVAILABLE instead of an unbounded thread. */
    public static final int DEFAULT_MAX_CONNECTIONS = 256;
    /** How long requests in flight may finish when the daemon stops, before their tokens are cancelled. */
    static final Duration DRAIN_GRACE = Duration.ofSeconds(2);
    /** How long cancelled requests get to notice before the services close under them. */
    static final Duration CANCEL_GRACE = Duration.ofSeconds(1);
    /** How long a new daemon waits for an unreachable holder of the lock (it is stopping) to let go. */
    private static final Duration LOCK_WAIT = Duration.ofSeconds(5);
    private static final Duration REFUSAL_HEADER_WAIT = Duration.ofSeconds(2);
    private final DaemonAddress address;
    private final Installation installation;
    private final String buildId;
    private final Dispatcher dispatcher;
    private final Duration idleTimeout;
    /** The idle timeout, saturated: {@code --idle-timeout 9223372036854775807} means "practically never". */
    private final long idleNanos;
    private final long idleMillis;
    private final int maxConnections;
    /** What would end with this process, in words (see LiveState); empty when nothing would. */
    private final Supplier<List<String>> liveState;
    private final Runnable onStop;
    /** Given each caller's environment before its request runs: readies what its commands will need. */
    private final Consumer<Map<String, String>> prepare;
    private final Instant startedAt = Instant.now();
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicInteger refusing = new AtomicInteger();
    /** Tokens of the requests being served (guarded by this). */
    private final Set<Cancellation> inFlight = new HashSet<>();
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong lastActivity = new AtomicLong(System.nanoTime());
    private final IdleMemory idleMemory = IdleMemory.ofThisProcess();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile ServerSocketChannel server;
    private volatile String stopReason;
    private volatile Object socketKey;

    public DaemonServer(DaemonAddress address, Installation installation, String buildId, Dispatcher dispatcher,
                        Duration idleTimeout, int maxConnections, Supplier<List<String>> liveState, Runnable onStop,
                        Consumer<Map<String, String>> prepare) {
        if (idleTimeout.isNegative() || maxConnections < 1) {
            throw new IllegalArgumentException("idle timeout " + idleTimeout + ", max connections " + maxConnections);
        }
        this.address = address;
        this.installation = installation;
        this.buildId = buildId;
        this.dispatcher = dispatcher;
        this.idleTimeout = idleTimeout;
        this.idleNanos = saturatedNanos(idleTimeout);
        this.idleMillis = idleNanos == Long.MAX_VALUE ? Long.MAX_VALUE : TimeUnit.NANOSECONDS.toMillis(idleNanos);
        this.maxConnections = maxConnections;
        this.liveState = liveState;
        this.onStop = onStop;
        this.prepare = prepare;
    }

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    String buildId() {
        return buildId;
    }

    /** Readies, in the background, what a caller with this environment will need (its accessibility bus). */
    void prepareFor(Map<String, String> callerEnv) {
        prepare.accept(callerEnv);
    }

    /** Serves until stopped; returns the reason. */
    public String run() throws IOException {
        address.ensurePrivateDir();
        try (DaemonLock lock = DaemonLock.acquire(address, LOCK_WAIT)) {
            // Described before the socket appears, so a second daemon that finds the socket can name this one.
            lock.describe(new DaemonLock.Holder(ProcessHandle.current().pid(), address.socket().toString(),
                    startedAt.toString(), buildId));
            // Bound under a temporary name and renamed into place once listening: a client that finds the socket can
            // connect, so "connection refused" reliably means a stale socket it may remove.
            Path temporary = address.runtimeDir().resolve("." + address.socket().getFileName() + "."
                    + ProcessHandle.current().pid());
            Files.deleteIfExists(temporary);
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(temporary), 64);
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
            // The pid file before the socket: a client that finds the socket reads in it whose process to watch.
            Files.writeString(address.pidFile(), Long.toString(ProcessHandle.current().pid()));
            Files.move(temporary, address.socket(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            socketKey = Files.readAttributes(address.socket(), "unix:ino").get("ino");
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
            if (active.incrementAndGet() <= maxConnections) {
                Thread.ofVirtual().name("uictl-conn").start(() -> handle(ch));
            } else {
                active.decrementAndGet();
                refuseBusy(ch);
            }
        }
    }

    /**
     * Past the connection cap a client still gets an answer (an error envelope with its exit code), from a
     * short-lived thread; past twice the cap even that is skipped and the connection just closed.
     */
    private void refuseBusy(SocketChannel ch) {
        if (refusing.incrementAndGet() > maxConnections) {
            refusing.decrementAndGet();
            closeQuietly(ch);
            return;
        }
        LOG.log(System.Logger.Level.WARNING, "refused a connection: " + maxConnections + " already open");
        Thread.ofVirtual().name("uictl-refuse").start(() -> {
            try {
                if (sameUser(ch)) {
                    new ConnectionHandler(this, dispatcher, ch).refuse(busy(maxConnections), REFUSAL_HEADER_WAIT);
                } else {
                    closeQuietly(ch);
                }
            } catch (IOException e) {
                closeQuietly(ch);
            } finally {
                refusing.decrementAndGet();
            }
        });
    }

    static UictlException busy(int cap) {
        return UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, "the daemon is serving its maximum of " + cap
                        + " connections")
                .withHint("Wait for running commands to finish (`uictl daemon status` shows active_connections), "
                        + "then retry.")
                .withDetail("kind", "connection_limit").withDetail("max_connections", cap);
    }

    static UictlException stopping() {
        return UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, "the daemon is stopping")
                .withHint("Retry: the next call starts a fresh daemon.").withDetail("kind", "daemon_stopping");
    }

    /** Registers a request about to run; false once shutdown began (the caller answers {@link #stopping()}). */
    synchronized boolean admit(Cancellation request) {
        if (stopReason != null) {
            return false;
        }
        inFlight.add(request);
        return true;
    }

    synchronized void release(Cancellation request) {
        inFlight.remove(request);
        notifyAll();
    }

    private static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    private void handle(SocketChannel ch) {
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
                    && System.nanoTime() - lastActivity.get() > idleNanos
                    && liveState.get().isEmpty()) {
                stop("idle for " + idleTimeout.toSeconds() + " s");
            }
            idleMemory.tick(active.get(), lastActivity.get(), System.nanoTime());
            Object now = SocketInode.of(address.socket());
            if (now == null) {
                stop("socket " + address.socket() + " was removed");
            } else if (!now.equals(socketKey)) {
                stop("socket replaced by another daemon");
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
                idleMillis, (long) active.get(), served.get(), proc.rssKb(), proc.heapUsedKb(), proc.heapCommittedKb(),
                proc.heapMaxKb(), proc.threads(),
                proc.openFds(), List.of(), null);
    }

    /**
     * Answers a client of another build. When a newer build replaced this one on disk, or the client belongs to
     * another installation (a second checkout, a system-wide install beside a development build: both use the one
     * socket of the user and display), the daemon stops for it, unless it holds state a restart would end (terminal
     * sessions, a selection it serves) or serves a request that may create some: it is never replaced silently, so
     * it keeps running and the client is told why; a client of another installation gets {@code refuse}'s error,
     * naming this installation, what a restart would end and the command that does it. Deciding and refusing new
     * requests happen under one lock, so no request slips in between. Before the client hears "stopping" the socket
     * is unlinked (closing the listener alone does not stop connections an acceptor blocked in accept(2) still
     * takes), so its retry cannot reach this daemon again: it finds no socket and starts its own build, which waits
     * for this one's lock. The drain starts after the answer, so the process cannot end first.
     *
     * @param clientHome the client's installation, null when it does not say (an older client)
     */
    void meetBuild(String clientBuild, String clientHome, Consumer<Frame.Reaction> answer,
                   Consumer<UictlException> refuse) {
        Frame.Reaction reaction = Frame.Reaction.RUNNING;
        boolean stopsNow = false;
        UictlException refusal = null;
        boolean otherInstallation = OtherInstallation.differs(clientHome, installation.home());
        if (otherInstallation || supersededOnDisk()) {
            synchronized (this) {
                List<String> holds = new ArrayList<>(liveState.get());
                if (!inFlight.isEmpty()) {
                    holds.add(inFlight.size() + " request" + (inFlight.size() == 1 ? "" : "s") + " in flight");
                }
                if (stopReason != null) {
                    reaction = Frame.Reaction.STOPPING;
                } else if (!holds.isEmpty() && otherInstallation) {
                    refusal = OtherInstallation.keeping(ProcessHandle.current().pid(), installation.home(), buildId,
                            clientHome, clientBuild, holds);
                } else if (!holds.isEmpty()) {
                    reaction = Frame.Reaction.KEEPING;
                } else {
                    stopReason = "replaced by build " + clientBuild + (otherInstallation ? " of " + clientHome : "");
                    reaction = Frame.Reaction.STOPPING;
                    stopsNow = true;
                    closeListener();
                    removeSocketIfOurs();
                }
            }
        }
        if (refusal != null) {
            refuse.accept(refusal);
            return;
        }
        try {
            answer.accept(reaction);
        } finally {
            if (stopsNow) {
                drainThenStop();
            }
        }
    }

    private boolean supersededOnDisk() {
        try {
            return !installation.buildId().equals(buildId);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Stops accepting at once, then shuts down on a thread of its own: requests in flight get {@link #DRAIN_GRACE}
     * to finish, the rest are cancelled (their tokens, never interrupts) and get {@link #CANCEL_GRACE} to notice;
     * only then are the services closed, so no command runs against a closed service.
     */
    public void stop(String reason) {
        synchronized (this) {
            if (stopReason != null) {
                return;
            }
            stopReason = reason;
        }
        closeListener();
        drainThenStop();
    }

    /** Unlinks the socket unless another daemon's socket has taken its place. */
    private void removeSocketIfOurs() {
        SocketInode.removeIfStill(address.socket(), socketKey);
    }

    /** Accepts nothing more; called once, after stopReason was set. */
    private void closeListener() {
        LOG.log(System.Logger.Level.INFO, "stopping: " + stopReason);
        try {
            if (server != null) {
                server.close();
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "closing the listener: " + e);
        }
    }

    /** Drains on a thread of its own, then closes the services and lets {@link #run} return; called once. */
    private void drainThenStop() {
        Thread.ofPlatform().name("uictl-stop").start(() -> {
            try {
                drain();
                onStop.run();
            } finally {
                stopped.countDown();
            }
        });
    }

    private void drain() {
        if (awaitInFlight(DRAIN_GRACE)) {
            return;
        }
        List<Cancellation> left;
        synchronized (this) {
            left = List.copyOf(inFlight);
        }
        LOG.log(System.Logger.Level.INFO, "cancelling " + left.size() + " requests still running");
        left.forEach(c -> c.cancel("the daemon is stopping"));
        if (!awaitInFlight(CANCEL_GRACE)) {
            LOG.log(System.Logger.Level.WARNING, "closing services under requests that did not stop in time");
        }
    }

    /** True once no request is in flight; false when {@code grace} passed first. */
    private synchronized boolean awaitInFlight(Duration grace) {
        long end = System.nanoTime() + grace.toNanos();
        while (!inFlight.isEmpty()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private void cleanupFiles() {
        removeSocketIfOurs();
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
