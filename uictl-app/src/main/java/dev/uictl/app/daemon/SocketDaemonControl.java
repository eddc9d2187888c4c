package dev.uictl.app.daemon;

import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.app.dispatch.Services;
import dev.uictl.commands.daemon.DaemonControl;
import dev.uictl.commands.daemon.DaemonStatus;
import dev.uictl.commands.daemon.RuntimeInfo;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
import dev.uictl.engine.desktop.a11y.AccessibilityConnections;
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.protocol.ClientSession;
import dev.uictl.protocol.DaemonAddress;
import dev.uictl.protocol.DaemonConnection;
import dev.uictl.protocol.DaemonLauncher;
import dev.uictl.protocol.DaemonProcess;
import dev.uictl.protocol.DaemonUnresponsive;
import dev.uictl.protocol.Frame;
import dev.uictl.protocol.Installation;
import dev.uictl.protocol.PrivateDirectory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/** {@link DaemonControl} over the daemon socket; also runs the daemon itself for `daemon run`. */
public final class SocketDaemonControl implements DaemonControl {
    /** How long a killed daemon may take to be gone: SIGKILL ends even a stopped process at once. */
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);
    private final Installation installation;
    private final Services services;
    private final Supplier<Dispatcher> dispatcher;

    public SocketDaemonControl(Installation installation, Services services, Supplier<Dispatcher> dispatcher) {
        this.installation = installation;
        this.services = services;
        this.dispatcher = dispatcher;
    }

    @Override
    public Path runtimeDir(Map<String, String> env) {
        return DaemonAddress.forEnvironment(env).runtimeDir();
    }

    @Override
    public DaemonStatus status(Map<String, String> env) {
        DaemonAddress address = DaemonAddress.forEnvironment(env);
        try (SocketChannel ch = connect(address)) {
            if (ch == null) {
                return notRunning(address, null);
            }
            return ask(ch, address, "status");
        } catch (IOException e) {
            throw unavailable(address, e);
        }
    }

    @Override
    public DaemonStatus start(Map<String, String> env) {
        DaemonAddress address = DaemonAddress.forEnvironment(env);
        try {
            SocketChannel existing = connect(address);
            if (existing == null) {
                existing = DaemonLauncher.startAndConnect(installation, address, env, Duration.ofSeconds(20));
            }
            try (SocketChannel ch = existing) {
                return ask(ch, address, "status");
            }
        } catch (IOException e) {
            throw unavailable(address, e);
        }
    }

    @Override
    public DaemonStatus stop(Map<String, String> env, Duration timeout) {
        DaemonAddress address = DaemonAddress.forEnvironment(env);
        DaemonStatus before;
        try (SocketChannel ch = connect(address)) {
            if (ch == null) {
                return notRunning(address, null);
            }
            before = ask(ch, address, "stop");
        } catch (DaemonUnresponsive e) {
            return kill(address, e.outcome());
        } catch (IOException e) {
            throw unavailable(address, e);
        }
        var process = ProcessHandle.of(before.pid());
        if (process.isPresent()) {
            try {
                process.get().onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                // It answered, so it is draining requests in flight: it ends on its own and is not killed.
                throw UictlException.of(ErrorCode.TIMEOUT, "daemon " + before.pid() + " did not exit within "
                                + timeout.toMillis() + " ms")
                        .withHint("kill " + before.pid()).withDetail("kind", "daemon_stop")
                        .withDetail("timeout_ms", timeout.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (java.util.concurrent.ExecutionException e) {
                // exited anyway
            }
        }
        return notRunning(address, null);
    }

    /**
     * Ends a daemon that cannot answer (stopped by SIGSTOP or a debugger, or silent past
     * {@link DaemonConnection#FIRST_EXCHANGE}) with SIGKILL: a stopped process does not act on SIGTERM. Only the
     * process the pid file names, and only when /proc/PID/cmdline shows a uictl {@code daemon run}: a pid file left
     * by a daemon killed earlier may name a pid since reused. Its socket and pid file go with it (the OS releases its
     * lock), so the next call starts a fresh daemon.
     */
    private static DaemonStatus kill(DaemonAddress address, ClientSession.Outcome.Unresponsive why) {
        DaemonProcess daemon = DaemonProcess.of(address).orElse(null);
        if (daemon != null && daemon.state().equals(DaemonProcess.State.GONE)) {
            removeLeftovers(address, null);
            return notRunning(address, null);
        }
        if (daemon == null || !daemon.isUictlDaemon()) {
            throw UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, why.message() + "; " + (daemon == null
                            ? "no pid file names its process" : "its pid file names pid " + daemon.pid()
                            + ", which is not a uictl daemon") + ", so nothing was killed")
                    .withHint("Find the process listening on it (`ss -xlp | grep " + address.socket()
                            + "`), end it and remove the socket, then retry.")
                    .withDetail("kind", why.kind()).withDetail("pid_file", address.pidFile().toString());
        }
        Object socketKey = SocketInode.of(address.socket());
        ProcessHandle.of(daemon.pid()).ifPresent(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + KILL_WAIT.toNanos();
        while (!daemon.state().equals(DaemonProcess.State.GONE)) {
            if (System.nanoTime() - deadline > 0) {
                throw UictlException.of(ErrorCode.TIMEOUT, "daemon " + daemon.pid() + " was killed (SIGKILL) but "
                                + "had not exited after " + KILL_WAIT.toMillis() + " ms")
                        .withHint("uictl daemon status").withDetail("kind", "daemon_stop")
                        .withDetail("pid", daemon.pid()).withDetail("timeout_ms", KILL_WAIT.toMillis());
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        removeLeftovers(address, socketKey);
        return notRunning(address, true);
    }

    /**
     * Removes the socket and pid file of a daemon that is gone: the socket only while it is the one seen before
     * (null: whatever is there, the pid file naming no live process), the pid file only while no new daemon wrote it.
     */
    private static void removeLeftovers(DaemonAddress address, Object socketKey) {
        try {
            if (socketKey == null) {
                Files.deleteIfExists(address.socket());
            } else {
                SocketInode.removeIfStill(address.socket(), socketKey);
            }
            if (DaemonProcess.of(address).map(p -> p.state().equals(DaemonProcess.State.GONE)).orElse(false)) {
                Files.deleteIfExists(address.pidFile());
            }
        } catch (IOException e) {
            // removed meanwhile; the next client removes a stale socket itself
        }
    }

    @Override
    public void runForeground(Map<String, String> env, Duration idleTimeout) {
        DaemonAddress address = DaemonAddress.forEnvironment(env);
        try {
            // an untrusted runtime directory is refused before this process takes the daemon's identity or ends
            // orphaned sessions: a refused `daemon run` changes nothing (the server checks it again when it binds)
            address.ensurePrivateDir();
            String buildId = installation.buildId();
            services.registerInstance(RuntimeInfo.class, new RuntimeInfo("daemon", ProcessHandle.current().pid(),
                    buildId, Frame.PROTOCOL));
            Thread.ofVirtual().name("uictl-orphan-sweep").start(TerminalSessions::endOrphans);
            new DaemonServer(address, installation, buildId, dispatcher.get(), idleTimeout, maxConnections(env),
                    services::liveState, services::closeAll,
                    callerEnv -> services.get(AccessibilityConnections.class).prepare(callerEnv))
                    .run();
        } catch (PrivateDirectory.Untrusted e) {
            throw UictlException.of(ErrorCode.PERMISSION_DENIED, e.getMessage()).withHint(e.hint());
        } catch (SecurityException e) {
            throw UictlException.of(ErrorCode.PERMISSION_DENIED, e.getMessage());
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, "the daemon could not start: " + e)
                    .withDetail("socket", address.socket().toString());
        }
    }

    /** {@code UICTL_MAX_CONNECTIONS} (1-65536) lowers or raises the daemon's connection cap. */
    static int maxConnections(Map<String, String> env) {
        String value = env.getOrDefault("UICTL_MAX_CONNECTIONS", "").trim();
        if (value.isEmpty()) {
            return DaemonServer.DEFAULT_MAX_CONNECTIONS;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= 1 && n <= 65_536) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw UictlException.of(ErrorCode.INVALID_ARGS, "UICTL_MAX_CONNECTIONS='" + value
                + "' must be a number from 1 to 65536").withHint("Unset UICTL_MAX_CONNECTIONS or give a number from 1 to 65536.");
    }

    private static SocketChannel connect(DaemonAddress address) throws IOException {
        try {
            address.ensurePrivateDir();
            return DaemonConnection.tryConnect(address);
        } catch (PrivateDirectory.Untrusted e) {
            throw UictlException.of(ErrorCode.PERMISSION_DENIED, e.getMessage()).withHint(e.hint());
        } catch (SecurityException e) {
            throw UictlException.of(ErrorCode.PERMISSION_DENIED, e.getMessage())
                    .withHint("Remove " + address.socket() + " or set UICTL_RUNTIME_DIR to a directory of yours.");
        }
    }

    /** @throws DaemonUnresponsive when it is stopped or gone, or did not answer within the first exchange */
    private DaemonStatus ask(SocketChannel ch, DaemonAddress address, String verb) throws IOException {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        ClientSession.Outcome outcome = ClientSession.control(ch, address, installation.buildId(), verb, answer,
                DaemonConnection.FIRST_EXCHANGE);
        if (outcome instanceof ClientSession.Outcome.Unresponsive daemon) {
            throw new DaemonUnresponsive(daemon);
        }
        if (!(outcome instanceof ClientSession.Outcome.Exited(int code)) || code != 0) {
            throw UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, "the daemon did not answer '" + verb + "': "
                    + outcome).withDetail("log_tail", tail(address));
        }
        DaemonStatus s = Json.mapper().readValue(answer.toByteArray(), DaemonStatus.class);
        return new DaemonStatus(s.running(), s.pid(), s.socket(), s.runtimeDir(), s.display(), s.buildId(),
                s.startedAt(), s.uptimeMs(), s.idleTimeoutMs(), s.activeConnections(), s.requestsServed(), s.rssKb(),
                s.heapUsedKb(), s.heapCommittedKb(), s.heapMaxKb(), s.threads(), s.openFds(), tail(address), null);
    }

    /** @param forced true when stop killed it */
    private static DaemonStatus notRunning(DaemonAddress address, Boolean forced) {
        return new DaemonStatus(false, null, address.socket().toString(), address.runtimeDir().toString(),
                address.displayKey(), null, null, null, null, null, null, null, null, null, null, null, null,
                tail(address), forced);
    }

    private static List<String> tail(DaemonAddress address) {
        String t = DaemonLauncher.logTail(address.logFile(), 10);
        return t.startsWith("(no daemon log") ? List.of() : t.lines().toList();
    }

    private static UictlException unavailable(DaemonAddress address, IOException e) {
        UictlException u = UictlException.of(ErrorCode.DAEMON_UNAVAILABLE,
                e.getMessage() == null ? e.toString() : e.getMessage());
        if (e instanceof DaemonUnresponsive unresponsive) {
            var daemon = unresponsive.outcome();
            u = u.withHint(daemon.hint()).withDetail("kind", daemon.kind()).withDetail("state", daemon.state());
            if (daemon.pid() != null) {
                u = u.withDetail("pid", daemon.pid());
            }
        }
        return u.withDetail("socket", address.socket().toString()).withDetail("log_tail", tail(address));
    }
}
