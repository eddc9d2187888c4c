package dev.uictl.engine.tmux;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.system.Executables;
import dev.uictl.engine.tmux.model.HealthResult;
import dev.uictl.engine.tmux.model.KillResult;
import dev.uictl.engine.tmux.model.PaneState;
import dev.uictl.engine.tmux.model.PaneView;
import dev.uictl.engine.tmux.model.SessionView;
import dev.uictl.engine.tmux.model.SpawnResult;
import dev.uictl.engine.tmux.model.TmuxStatus;
import dev.uictl.tmux.command.PaneInfo;
import dev.uictl.tmux.command.Target;
import dev.uictl.tmux.command.TmuxCommand;
import dev.uictl.tmux.control.TmuxException;
import dev.uictl.tmux.control.TmuxServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * tmux for the daemon: one {@link ServerConnection} per server addressed, kept across calls so pane output is
 * watched continuously. Sessions, status and health live here; sending and waiting in {@link TmuxInput} and
 * {@link TmuxObservation}.
 */
public final class TmuxService implements AutoCloseable {
    /** The longest a single tmux round trip may take, whatever the call's deadline. */
    static final Duration ROUND_TRIP_CAP = Duration.ofSeconds(5);

    private final Map<TmuxServer, ServerConnection> connections = new ConcurrentHashMap<>();
    private final Map<String, String> versions = new ConcurrentHashMap<>();
    private final TmuxInput input = new TmuxInput(this);
    private final TmuxObservation observation = new TmuxObservation(this);

    public TmuxInput input() {
        return input;
    }

    public TmuxObservation observation() {
        return observation;
    }

    /** The server a call addresses, with the tmux found on the caller's PATH; DEPENDENCY_MISSING without one. */
    TmuxServer server(CallContext ctx, ServerChoice choice) {
        String exe = Executables.find("tmux", ctx.env().get("PATH")).map(Path::toString)
                .orElseThrow(() -> UictlException.of(ErrorCode.DEPENDENCY_MISSING, "tmux is not on PATH")
                        .withHint("Install it (`" + TmuxErrors.INSTALL + "`), then check with `uictl tools`.")
                        .withDetail("tool", "tmux").withDelivery(Delivery.NOT_DELIVERED));
        TmuxServer base;
        if (choice.socketPath() != null) {
            base = TmuxServer.atPath(ctx.cwd().resolve(choice.socketPath()).normalize());
        } else if (choice.socketName() != null) {
            base = TmuxServer.named(choice.socketName(), ctx.env().get("TMUX_TMPDIR"));
        } else {
            base = TmuxServer.byDefault(ctx.env().get("TMUX_TMPDIR"));
        }
        return base.withExecutable(exe);
    }

    ServerConnection connection(CallContext ctx, ServerChoice choice) {
        TmuxServer server = server(ctx, choice);
        return connections.computeIfAbsent(server, s -> new ServerConnection(s, ctx.env()));
    }

    /**
     * Time for one round trip: the call's remaining time, capped. Once the deadline passed, tmux's silence is the
     * reason ({@link TmuxException.NoReply}), mapped by the caller with what it knows of delivery.
     */
    static Duration roundTrip(Deadline deadline) {
        if (deadline.expired()) {
            throw new TmuxException.NoReply(null, "the call's time ran out waiting for tmux");
        }
        Duration left = deadline.remaining();
        return left.compareTo(ROUND_TRIP_CAP) < 0 ? left : ROUND_TRIP_CAP;
    }

    /** The panes of {@code session}, attaching its control client (so its output is watched from now on). */
    List<PaneInfo> sessionPanes(ServerConnection conn, String session, Deadline deadline) {
        if (!Target.validSessionName(session)) {
            throw invalidName(session);
        }
        try {
            List<PaneInfo> panes = conn.panes(session, roundTrip(deadline));
            panes.forEach(p -> conn.stream(p.id()));
            return panes;
        } catch (TmuxException.SessionNotFound | TmuxException.NoServer e) {
            throw e instanceof TmuxException.NoServer ? TmuxErrors.map(e, conn.server(), session, Delivery.NOT_DELIVERED)
                    : TmuxErrors.sessionNotFound(session, conn.server()).withDelivery(Delivery.NOT_DELIVERED);
        } catch (TmuxException e) {
            throw TmuxErrors.map(e, conn.server(), session, Delivery.NOT_DELIVERED);
        }
    }

    public TmuxStatus status(CallContext ctx, ServerChoice choice, String sessionOrNull) {
        ServerConnection conn = connection(ctx, choice);
        List<PaneInfo> panes;
        if (sessionOrNull != null) {
            panes = sessionPanes(conn, sessionOrNull, ctx.deadline());
        } else {
            try {
                panes = conn.panes(null, roundTrip(ctx.deadline()));
            } catch (TmuxException.NoServer e) {
                return new TmuxStatus(conn.server().label(), false, List.of());
            } catch (TmuxException e) {
                throw TmuxErrors.map(e, conn.server(), null, Delivery.NOT_DELIVERED);
            }
        }
        Map<String, List<PaneInfo>> bySession = new LinkedHashMap<>();
        for (PaneInfo p : panes) {
            bySession.computeIfAbsent(p.session(), k -> new ArrayList<>()).add(p);
        }
        List<SessionView> sessions = new ArrayList<>();
        bySession.forEach((name, list) -> sessions.add(new SessionView(name,
                (int) list.stream().map(PaneInfo::window).distinct().count(), list.stream().map(TmuxService::view).toList())));
        return new TmuxStatus(conn.server().label(), true, sessions);
    }

    static PaneView view(PaneInfo p) {
        return new PaneView(p.id(), p.position(), p.title(), p.command(), p.pid(), p.width(), p.height(),
                p.active(), p.dead(), p.dead() && p.deadStatus() >= 0 ? p.deadStatus() : null);
    }

    /**
     * Creates {@code session} with one pane per command (a shell when none), the first from {@code new-session}
     * in control mode so its output is watched from its first byte. Dead panes stay (remain-on-exit) so their
     * last output and exit status can still be read; `tmux kill` ends the session.
     */
    public SpawnResult spawn(CallContext ctx, ServerChoice choice, String session, List<String> commands, Path dir,
                             int cols, int rows, boolean tiled) {
        if (!Target.validSessionName(session)) {
            throw invalidName(session);
        }
        ServerConnection conn = connection(ctx, choice);
        Path cwd = ctx.cwd().resolve(dir == null ? Path.of(".") : dir).normalize();
        if (!Files.isDirectory(cwd)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--dir is not a directory: " + cwd)
                    .withHint("Pass an existing directory, e.g. `--dir .`.").withDelivery(Delivery.NOT_DELIVERED);
        }
        List<String> newSession = new ArrayList<>(List.of("new-session", "-s", session, "-x", Integer.toString(cols),
                "-y", Integer.toString(rows), "-c", cwd.toString()));
        if (!commands.isEmpty()) {
            newSession.add(commands.getFirst());
        }
        Deadline deadline = ctx.deadline();
        List<PaneInfo> panes;
        try {
            conn.create(session, newSession, deadline);
            conn.run(session, TmuxCommand.of("set-option").flag("-w").target(Target.window(session, firstWindow(conn,
                    session, deadline))).arg("remain-on-exit").arg("on"), roundTrip(deadline));
            int window = firstWindow(conn, session, deadline);
            for (String cmd : commands.subList(Math.min(1, commands.size()), commands.size())) {
                conn.run(session, TmuxCommand.of("split-window").flag("-d").target(Target.window(session, window))
                        .option("-c", cwd.toString()).arg(cmd), roundTrip(deadline));
                if (tiled) {
                    conn.run(session, TmuxCommand.of("select-layout").target(Target.window(session, window))
                            .arg("tiled"), roundTrip(deadline));
                }
            }
            panes = conn.panes(session, roundTrip(deadline));
        } catch (TmuxException.DuplicateSession e) {
            throw TmuxErrors.map(e, conn.server(), session, Delivery.NOT_DELIVERED);
        } catch (TmuxException e) {
            // new-session went out: a server that answers late (or never to us) may still create the session
            throw TmuxErrors.map(e, conn.server(), session, Delivery.DELIVERY_UNCERTAIN);
        }
        panes.forEach(p -> conn.stream(p.id()));
        return new SpawnResult(session, conn.server().label(), cwd.toString(),
                panes.size() > 1 && tiled ? "tiled" : "none", panes.stream().map(TmuxService::view).toList());
    }

    private static int firstWindow(ServerConnection conn, String session, Deadline deadline) {
        List<String> lines = conn.run(session, TmuxCommand.of("display-message").flag("-p")
                .target(Target.sessionPanes(session)).arg("#{window_index}"), roundTrip(deadline));
        return Integer.parseInt(lines.getFirst().strip());
    }

    public KillResult kill(CallContext ctx, ServerChoice choice, String session) {
        if (!Target.validSessionName(session)) {
            throw invalidName(session);
        }
        ServerConnection conn = connection(ctx, choice);
        try {
            conn.runAnywhere(TmuxCommand.of("kill-session").target(Target.session(session)), roundTrip(ctx.deadline()));
        } catch (TmuxException.SessionNotFound | TmuxException.NoServer e) {
            throw TmuxErrors.sessionNotFound(session, conn.server()).withDelivery(Delivery.NOT_DELIVERED);
        } catch (TmuxException e) {
            throw TmuxErrors.map(e, conn.server(), session, Delivery.DELIVERY_UNCERTAIN);
        } finally {
            conn.forget(session);
        }
        return new KillResult(session, conn.server().label(), true);
    }

    public HealthResult health(CallContext ctx, ServerChoice choice, String sessionOrNull) {
        TmuxServer server;
        try {
            server = server(ctx, choice);
        } catch (UictlException missing) {
            String label = choice.socketPath() != null ? "-S " + choice.socketPath()
                    : choice.socketName() != null ? "-L " + choice.socketName() : "default";
            return new HealthResult(false, null, label, false, null, 0, 0, 0, 0, List.of(),
                    List.of("tmux is not on PATH: " + TmuxErrors.INSTALL));
        }
        ServerConnection conn = connection(ctx, choice);
        String version = versions.computeIfAbsent(server.executable(), exe -> {
            try {
                return String.join(" ", conn.oneShot(List.of("-V"), roundTrip(ctx.deadline())));
            } catch (TmuxException e) {
                return "unknown";
            }
        });
        List<String> issues = new ArrayList<>();
        Double roundTripMs = null;
        List<PaneInfo> panes = List.of();
        boolean running = true;
        try {
            TmuxCommand ping = TmuxCommand.of("display-message").flag("-p").arg("ok");
            conn.runAnywhere(ping, roundTrip(ctx.deadline())); // may attach a client first; the next one is timed
            long t0 = System.nanoTime();
            conn.runAnywhere(ping, roundTrip(ctx.deadline()));
            roundTripMs = Math.round((System.nanoTime() - t0) / 10_000.0) / 100.0;
            panes = conn.panes(null, roundTrip(ctx.deadline()));
        } catch (TmuxException.NoServer e) {
            running = false;
            issues.add("no tmux server runs on " + server.label() + ": start one with `uictl tmux spawn NAME"
                    + TmuxErrors.serverFlags(server) + "`");
        } catch (TmuxException.NoReply e) {
            // a server that takes connections but does not answer runs: "not running" would be false
            throw TmuxErrors.map(e, server, sessionOrNull, Delivery.NOT_DELIVERED);
        } catch (TmuxException e) {
            running = false;
            issues.add("tmux did not answer: " + e.getMessage());
        }
        List<PaneState> sessionPanes = List.of();
        if (sessionOrNull != null) {
            sessionPanes = observation.activity(ctx, choice, sessionOrNull, PaneTargets.ALL,
                    TmuxObservation.DEFAULT_QUIET).panes();
            sessionPanes.stream().filter(p -> p.state().equals("exited")).forEach(p -> issues.add("pane " + p.pane()
                    + " (" + p.paneId() + ") exited: read it with `uictl tmux tail " + sessionOrNull + " --pane "
                    + p.paneId() + "`"));
        }
        int dead = (int) panes.stream().filter(PaneInfo::dead).count();
        return new HealthResult(true, version, server.label(), running, roundTripMs,
                (int) panes.stream().map(PaneInfo::session).distinct().count(), panes.size(), dead,
                conn.openClients(), sessionPanes, issues);
    }

    static UictlException invalidName(String session) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "not a usable tmux session name: '" + session + "'")
                .withHint("Use letters, digits, '_' and '-', up to 64 characters, not starting with '-' (tmux turns '.' "
                        + "and ':' into '_').")
                .withDelivery(Delivery.NOT_DELIVERED);
    }

    @Override
    public void close() {
        connections.values().forEach(ServerConnection::close);
        connections.clear();
    }
}
