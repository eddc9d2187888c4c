package dev.uictl.engine.tmux;

import dev.uictl.core.call.Deadline;
import dev.uictl.tmux.command.PaneInfo;
import dev.uictl.tmux.command.Target;
import dev.uictl.tmux.command.TmuxCommand;
import dev.uictl.tmux.control.ControlClient;
import dev.uictl.tmux.control.ControlEvent;
import dev.uictl.tmux.control.TmuxException;
import dev.uictl.tmux.control.TmuxServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Everything uictl holds for one tmux server: a control client per session it touched (tmux sends a control
 * client {@code %output} only for its own session's panes) and the output stream of every pane seen. A client that
 * ended (session killed, server restarted) is replaced on the next use, so a restarted server just works again.
 */
final class ServerConnection implements AutoCloseable {
    static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(5);

    private final TmuxServer server;
    private final Map<String, String> env;
    private final Map<String, ControlClient> clients = new ConcurrentHashMap<>();
    private final Map<String, PaneStream> streams = new ConcurrentHashMap<>();
    /** Held while a control client is being started on this server (see {@link #starting}). */
    private final ReentrantLock startLock = new ReentrantLock();
    private final PaneEvents events = new PaneEvents();

    ServerConnection(TmuxServer server, Map<String, String> env) {
        this.server = server;
        this.env = Map.copyOf(env);
    }

    TmuxServer server() {
        return server;
    }

    PaneEvents events() {
        return events;
    }

    /** The pane's stream (created on first sight; output arrives once its session's client is attached). */
    PaneStream stream(String paneId) {
        return streams.computeIfAbsent(paneId, id -> new PaneStream(id, events));
    }

    /**
     * The open control client of {@code session}, attaching one if needed, by {@code by}. Attaching waits on the
     * server, so a caller queued behind it waits at most until its own deadline (see {@link #starting}).
     */
    ControlClient client(String session, Deadline by) {
        ControlClient c = clients.get(session);
        if (c != null && c.isOpen()) {
            return c;
        }
        List<String> attach = List.of("attach-session", "-t", Target.session(session).text());
        return starting(String.join(" ", attach), by, () -> {
            ControlClient current = clients.get(session);
            if (current != null && current.isOpen()) {
                return current; // attached by the call ahead of this one
            }
            if (current != null) {
                clients.remove(session);
                current.close();
            }
            ControlClient fresh = ControlClient.start(server, env, attach, listener(), attachTime(by));
            clients.put(session, fresh);
            return fresh;
        });
    }

    /**
     * Creates a session with a control client attached from its first byte of output ({@code new-session} in
     * control mode attaches the new client), by {@code by}; starts the server if none runs.
     */
    ControlClient create(String session, List<String> newSessionArgs, Deadline by) {
        return starting(String.join(" ", newSessionArgs), by, () -> {
            for (int attempt = 1; ; attempt++) {
                try {
                    ControlClient c = ControlClient.start(server, env, newSessionArgs, listener(), attachTime(by));
                    ControlClient old = clients.put(session, c); // a client of an earlier session of that name
                    if (old != null) {
                        old.close();
                    }
                    return c;
                } catch (TmuxException.ServerGone e) {
                    // A server whose last session just ended exits a moment later; a client that connected in that
                    // moment ends without a reply, before anything was created. A new client starts a new server.
                    if (attempt == 3 || by.expired()) {
                        throw e;
                    }
                    awaitSocketGone(Duration.ofMillis(200L * attempt));
                }
            }
        });
    }

    /**
     * Starts a control client with {@link #startLock} held, waiting for it at most until {@code by}: one start at a
     * time per server, and only on a server that just answered a plain client. A control client's greeting that
     * waits in the backlog of a stopped server is read in parts when it resumes, and tmux 3.3a segfaults when a
     * session is created or killed meanwhile (reproduced with plain tmux: four {@code tmux -C attach} and one
     * {@code tmux -C new-session} started against a stopped server crash it after SIGCONT); a plain client's
     * greeting is harmless.
     */
    private ControlClient starting(String command, Deadline by, Supplier<ControlClient> start) {
        try {
            if (!startLock.tryLock(by.remaining().toNanos(), TimeUnit.NANOSECONDS)) {
                throw new TmuxException.NoReply(command, "another call has been starting a control client on this "
                        + "server for all of this call's time: tmux does not accept clients");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TmuxException.NoReply(command, "interrupted while waiting to start a control client");
        }
        try {
            probe(by);
            return start.get();
        } finally {
            startLock.unlock();
        }
    }

    /** Throws NoReply while the server is silent; any other answer, even "no server running", will do. */
    private void probe(Deadline by) {
        try {
            oneShot(List.of("display-message", "-p", "ok"), attachTime(by));
        } catch (TmuxException.NoReply silent) {
            throw silent;
        } catch (TmuxException answered) {
            // no backlog to crash on: a server that refused the probe (or none) is not stopped
        }
    }

    private static Duration attachTime(Deadline by) {
        if (by.expired()) {
            throw new TmuxException.NoReply(null, "the call's time ran out before a control client was attached");
        }
        Duration left = by.remaining();
        return left.compareTo(ATTACH_TIMEOUT) < 0 ? left : ATTACH_TIMEOUT;
    }

    private void awaitSocketGone(Duration max) {
        java.nio.file.Path socket = server.socketPath();
        long until = System.nanoTime() + max.toNanos();
        while (System.nanoTime() < until && (socket == null || java.nio.file.Files.exists(socket))) {
            Thread.onSpinWait();
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Runs a command on the client of {@code session}; attaching it and the reply both count against timeout. */
    List<String> run(String session, TmuxCommand command, Duration timeout) {
        Deadline by = Deadline.after(timeout);
        return client(session, by).execute(command.line(), by.remaining());
    }

    /**
     * Runs a server-wide command on any open client; with none, attaches to some session first. Throws
     * {@link TmuxException.NoServer} when no server runs.
     */
    List<String> runAnywhere(TmuxCommand command, Duration timeout) {
        Deadline by = Deadline.after(timeout);
        for (ControlClient c : clients.values()) {
            if (c.isOpen()) {
                try {
                    return c.execute(command.line(), by.remaining());
                } catch (TmuxException.ServerGone gone) {
                    // that client just ended (its session closed); try another or attach afresh
                }
            }
        }
        List<String> sessions = oneShot(List.of("list-sessions", "-F", "#{session_name}"), by.remaining());
        if (sessions.isEmpty()) {
            throw new TmuxException.NoServer(command.line(), "no sessions on tmux server " + server.label());
        }
        return client(sessions.getFirst(), by).execute(command.line(), by.remaining());
    }

    /** All panes of the server (or of one session), in tmux's order. */
    List<PaneInfo> panes(String sessionOrNull, Duration timeout) {
        TmuxCommand list = TmuxCommand.of("list-panes").option("-F", PaneInfo.FORMAT);
        List<String> lines;
        if (sessionOrNull == null) {
            lines = runAnywhere(list.flag("-a"), timeout);
        } else {
            lines = run(sessionOrNull, list.flag("-s").target(Target.session(sessionOrNull)), timeout);
        }
        List<PaneInfo> out = new ArrayList<>(lines.size());
        for (String line : lines) {
            out.add(PaneInfo.parse(line));
        }
        return out;
    }

    /**
     * Runs {@code tmux <args>} as its own process: only to learn whether a server runs and which sessions it has
     * before any control client exists.
     */
    List<String> oneShot(List<String> args, Duration timeout) {
        ProcessBuilder pb = server.process(args, env);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new TmuxException.TmuxMissing("cannot run " + server.executable() + ": " + e.getMessage());
        }
        try {
            p.getOutputStream().close();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new TmuxException.NoReply(String.join(" ", args), "tmux did not answer in time");
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.exitValue() != 0) {
                throw TmuxException.classify(String.join(" ", args), List.of(err));
            }
            return out.lines().filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            throw new TmuxException.ServerGone(String.join(" ", args), e.getMessage());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new TmuxException.NoReply(String.join(" ", args), "interrupted");
        }
    }

    /** Why the control client of {@code session} ended, or null while it is open (or there is none). */
    TmuxException ended(String session) {
        ControlClient c = clients.get(session);
        return c == null || c.isOpen() ? null : c.closedBy();
    }

    int openClients() {
        return (int) clients.values().stream().filter(ControlClient::isOpen).count();
    }

    /** Forgets a session's client (after kill-session). */
    void forget(String session) {
        ControlClient c = clients.remove(session);
        if (c != null) {
            c.close();
        }
    }

    private ControlClient.Listener listener() {
        return new ControlClient.Listener() {
            @Override
            public void output(ControlEvent.Output output, long nanoTime) {
                stream(output.paneId()).append(output.data(), nanoTime);
            }

            @Override
            public void notification(ControlEvent event) {
                events.signal();
            }

            @Override
            public void closed(TmuxException why) {
                if (openClients() == 0) {
                    // the server ended (or our last session did): a restarted server reuses pane ids from %0
                    streams.clear();
                }
                events.signal();
            }
        };
    }

    @Override
    public void close() {
        clients.values().forEach(ControlClient::close);
        clients.clear();
    }
}
