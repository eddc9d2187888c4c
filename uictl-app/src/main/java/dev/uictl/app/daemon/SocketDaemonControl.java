package dev.uictl.app.daemon;

import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.app.dispatch.Services;
import dev.uictl.commands.daemon.DaemonControl;
import dev.uictl.commands.daemon.DaemonStatus;
import dev.uictl.commands.daemon.RuntimeInfo;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.protocol.ClientSession;
import dev.uictl.protocol.DaemonAddress;
import dev.uictl.protocol.DaemonConnection;
import dev.uictl.protocol.DaemonLauncher;
import dev.uictl.protocol.Frame;
import dev.uictl.protocol.Installation;
import dev.uictl.protocol.PrivateDirectory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** {@link DaemonControl} over the daemon socket; also runs the daemon itself for `daemon run`. */
public final class SocketDaemonControl implements DaemonControl {
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
                return notRunning(address);
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
        try (SocketChannel ch = connect(address)) {
            if (ch == null) {
                return notRunning(address);
            }
            DaemonStatus before = ask(ch, address, "stop");
            var process = ProcessHandle.of(before.pid());
            if (process.isPresent()) {
                try {
                    process.get().onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
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
            return notRunning(address);
        } catch (IOException e) {
            throw unavailable(address, e);
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
                    services::holdLiveState, services::closeAll)
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

    private DaemonStatus ask(SocketChannel ch, DaemonAddress address, String verb) throws IOException {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        ClientSession.Outcome outcome = ClientSession.control(ch, installation.buildId(), verb, answer);
        if (!(outcome instanceof ClientSession.Outcome.Exited(int code)) || code != 0) {
            throw UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, "the daemon did not answer '" + verb + "': "
                    + outcome).withDetail("log_tail", tail(address));
        }
        DaemonStatus s = Json.mapper().readValue(answer.toByteArray(), DaemonStatus.class);
        return new DaemonStatus(s.running(), s.pid(), s.socket(), s.runtimeDir(), s.display(), s.buildId(),
                s.startedAt(), s.uptimeMs(), s.idleTimeoutMs(), s.activeConnections(), s.requestsServed(), s.rssKb(),
                s.heapUsedKb(), s.heapCommittedKb(), s.heapMaxKb(), s.threads(), s.openFds(), tail(address));
    }

    private static DaemonStatus notRunning(DaemonAddress address) {
        return new DaemonStatus(false, null, address.socket().toString(), address.runtimeDir().toString(),
                address.displayKey(), null, null, null, null, null, null, null, null, null, null, null, null,
                tail(address));
    }

    private static List<String> tail(DaemonAddress address) {
        String t = DaemonLauncher.logTail(address.logFile(), 10);
        return t.startsWith("(no daemon log") ? List.of() : t.lines().toList();
    }

    private static UictlException unavailable(DaemonAddress address, IOException e) {
        return UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, e.getMessage() == null ? e.toString() : e.getMessage())
                .withDetail("socket", address.socket().toString())
                .withDetail("log_tail", tail(address));
    }
}
