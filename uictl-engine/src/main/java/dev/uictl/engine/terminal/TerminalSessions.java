package dev.uictl.engine.terminal;

import dev.uictl.core.lifecycle.LiveState;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.file.ArtifactFile;
import dev.uictl.core.error.UictlException;
import dev.uictl.pty.process.Orphans;
import dev.uictl.pty.process.ProcessMarker;
import dev.uictl.pty.process.PtyCommand;
import dev.uictl.pty.process.PtyException;
import dev.uictl.pty.process.Signal;
import dev.uictl.pty.process.TerminationReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The terminal sessions the daemon owns, by id ({@code t1}, {@code t2}, …) and optional name. Every process a
 * session starts carries {@link #MARKER} in its environment
 * ({@code <daemon pid>:<start>:<pid ns>:<serial>:<session id>}), so closing a session also ends daemons that
 * double-forked out of its tree. Closing the service (daemon stop) ends
 * every session's processes; creating it ends the processes of sessions whose daemon died without closing them.
 */
public final class TerminalSessions implements AutoCloseable, LiveState {
    /** The environment variable that marks a session's processes; programs may read it to learn their session. */
    public static final String MARKER = "UICTL_TERM_SESSION";
    private static final Duration CLOSE_GRACE = Duration.ofMillis(500);

    private final Map<String, TerminalSession> sessions = new LinkedHashMap<>();
    private final AtomicInteger counter = new AtomicInteger();
    /** Names of sessions whose program is still starting, with the id they will get (guarded by this). */
    private final Map<String, String> reservedNames = new HashMap<>();
    private boolean closed;

    public TerminalSessions() {
        endOrphans();
    }

    /**
     * Starts the program and returns once it is ready (its first output, or a visible wait, at most
     * {@link Readiness#DEFAULT_TIMEOUT}) and its first screen settled. The name is reserved before the program
     * starts, so of two concurrent opens with one name exactly one succeeds; a session that finished starting
     * after {@link #close()} began is ended at once instead of outliving the daemon.
     */
    public OpenResult open(OpenRequest request, SettlePolicy startup) {
        return open(request, startup, Readiness.firstOutput(Readiness.DEFAULT_TIMEOUT), Cancellation.NEVER);
    }

    /** {@link #open(OpenRequest, SettlePolicy)}; the readiness and settle waits end when {@code cancellation} fires. */
    public OpenResult open(OpenRequest request, SettlePolicy startup, Readiness readiness, Cancellation cancellation) {
        String id;
        synchronized (this) {
            refuseIfClosed();
            if (request.name() != null) {
                if (request.name().matches("t\\d+")) {
                    throw UictlException.of(ErrorCode.INVALID_ARGS, "session names of the form t<number> are reserved for ids")
                            .withHint("Choose a name such as `editor` or `shell-1`.");
                }
                TerminalSession same = byName(request.name());
                if (same != null) {
                    throw TerminalErrors.nameTaken(request.name(), same.id());
                }
                String starting = reservedNames.get(request.name());
                if (starting != null) {
                    throw TerminalErrors.nameTaken(request.name(), starting);
                }
            }
            id = "t" + counter.incrementAndGet();
            if (request.name() != null) {
                reservedNames.put(request.name(), id);
            }
        }
        TerminalSession session;
        try {
            session = start(id, request);
        } finally {
            if (request.name() != null) {
                synchronized (this) {
                    reservedNames.remove(request.name());
                }
            }
        }
        try {
            return session.opened(startup, readiness, cancellation);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TerminalErrors.interrupted(id).withDetail("session_id", id);
        }
    }

    /** Spawns the session's program and registers it, unless the service closed meanwhile. */
    private TerminalSession start(String id, OpenRequest request) {
        ProcessMarker marker = ProcessMarker.ownedByThisProcess(MARKER, id);
        PtyCommand command = request.sandboxed() == null
                ? new PtyCommand(request.argv(), ProgramEnvironment.of(request.callerEnvironment(), request.overrides()),
                        marker, request.cwd(), request.rows(), request.cols())
                : sandboxedCommand(request, marker);
        TerminalSession session;
        try {
            session = request.sandboxed() == null ? TerminalSession.start(id, request.name(), command)
                    : SpawnerThread.run(() -> TerminalSession.start(id, request.name(), command, request.argv(),
                            request.cwd(), request.sandboxed().enforcement()), PtyException.class);
        } catch (PtyException e) {
            throw TerminalErrors.spawn(e, request.argv());
        }
        synchronized (this) {
            if (!closed) {
                sessions.put(id, session);
                return session;
            }
        }
        terminateQuietly(session);
        throw shuttingDown();
    }

    /**
     * The sandboxed launch as prepared: bwrap gets no environment but the marker (the program's own is on bwrap's
     * command line), or under sandbox: none the program gets exactly the policy's environment.
     */
    private static PtyCommand sandboxedCommand(OpenRequest request, ProcessMarker marker) {
        var s = request.sandboxed();
        Map<Integer, Path> files = new HashMap<>();
        s.inheritedFiles().forEach(f -> files.put(f.fd(), f.path()));
        return new PtyCommand(s.argv(), s.environment(), marker, s.cwd(), request.rows(), request.cols(), files);
    }

    private void refuseIfClosed() {
        if (closed) {
            throw shuttingDown();
        }
    }

    private static UictlException shuttingDown() {
        return UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, "the daemon is shutting down")
                .withHint("Retry once `uictl daemon status` shows a running daemon.");
    }

    private static void terminateQuietly(TerminalSession s) {
        try {
            s.terminate(Signal.HUP, CLOSE_GRACE);
        } catch (PtyException | RuntimeException e) {
            System.getLogger("uictl.term").log(System.Logger.Level.WARNING, "closing " + s.id() + " failed", e);
        }
    }

    /** By id or name. */
    public synchronized TerminalSession find(String ref) {
        TerminalSession s = sessions.get(ref);
        if (s == null) {
            s = byName(ref);
        }
        if (s == null) {
            throw TerminalErrors.notFound(ref, new ArrayList<>(sessions.keySet()));
        }
        return s;
    }

    /** Open sessions would die with an idle daemon, so they keep it alive. */
    @Override
    public synchronized Optional<String> liveState() {
        int n = sessions.size();
        return n == 0 ? Optional.empty() : Optional.of(n + " terminal session" + (n == 1 ? "" : "s"));
    }

    public synchronized List<SessionInfo> list() {
        return sessions.values().stream().map(TerminalSession::info).toList();
    }

    /**
     * Ends the session's process tree ({@code signalName} first, SIGKILL after {@code grace}) and forgets it.
     * The waiting happens on a platform thread: it blocks in poll(2), which would pin a virtual carrier. A tree
     * that could not be ended (a program SIGKILL does not end: frozen, or stuck in the kernel) keeps its session,
     * listed and whole, so that a later close finishes the job instead of leaving the program unreachable.
     */
    public CloseResult close(String ref, String signalName, Duration grace) {
        Signal signal = Signal.parse(signalName).orElseThrow(() -> UictlException.of(ErrorCode.INVALID_ARGS,
                        "unknown signal '" + signalName + "'")
                .withHint("Use a name such as HUP, TERM, INT, KILL or a number 1-31.").withDetail("signal", signalName));
        TerminalSession s;
        synchronized (this) {
            s = find(ref);
            sessions.remove(s.id());
        }
        CompletableFuture<CloseResult> result = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("term-close-" + s.id()).start(() -> {
            try {
                result.complete(s.terminate(signal, grace));
            } catch (PtyException e) {
                keepUnclosed(s);
                result.completeExceptionally(TerminalErrors.io(e, s.id()));
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
        try {
            return result.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** Takes back a session whose close failed, unless the service closed meanwhile (it has nobody to serve). */
    private synchronized void keepUnclosed(TerminalSession s) {
        if (!closed) {
            sessions.put(s.id(), s);
        }
    }

    /**
     * A window of the session's raw output: returned as text, at most {@code window.maxBytes()} and cut where a
     * UTF-8 character ends (offsets stay exact), or written whole and atomically to {@code output}.
     */
    public TranscriptResult transcript(String ref, TranscriptWindow window, Path output) {
        TerminalSession s = find(ref);
        // by default the newest page, or all that is kept for a file
        TerminalSession.Output o = window.since() != null ? s.outputSince(window.since())
                : s.outputTail(window.tail() != null ? window.tail() : output != null ? Long.MAX_VALUE
                : window.maxBytes());
        if (window.since() != null && window.since() > o.end()) {
            throw TerminalErrors.offsetAhead(s.id(), window.since(), o.end());
        }
        byte[] kept = o.bytes();
        int first = Utf8.nextStart(kept, 0);
        int last = output != null ? kept.length : Utf8.lastStartAtMost(kept, first + window.maxBytes(), first);
        long keptFrom = o.end() - kept.length;
        byte[] page = Arrays.copyOfRange(kept, first, last);
        Long lost = o.lost() > 0 ? o.lost() : null;
        long from = keptFrom + first;
        String path = null;
        String text = null;
        if (output != null) {
            ArtifactFile.write(output, page);
            path = output.toString();
        } else {
            text = new String(page, StandardCharsets.UTF_8);
        }
        return new TranscriptResult(s.id(), from, from + page.length, o.end(), page.length, last < kept.length,
                s.transcriptDropped(), lost, path, text);
    }

    @Override
    public void close() {
        List<TerminalSession> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(sessions.values());
            sessions.clear();
        }
        // End them in parallel: each may spend its grace period.
        List<Thread> closers = all.stream().map(s -> Thread.ofPlatform().daemon().start(() -> terminateQuietly(s)))
                .toList();
        for (Thread t : closers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * A daemon killed with SIGKILL (or a crashed in-process client) could not end its sessions; this one does.
     * Called when the service is created and by a starting daemon, so the leftovers go before any term command.
     */
    public static void endOrphans() {
        try {
            TerminationReport report = Orphans.end(MARKER, Signal.HUP, CLOSE_GRACE);
            if (report.signalled() > 0) {
                System.getLogger("uictl.term").log(System.Logger.Level.INFO, "ended " + report.signalled()
                        + " processes of sessions whose daemon had died (" + report.killed() + " needed SIGKILL)");
            }
        } catch (PtyException e) {
            System.getLogger("uictl.term").log(System.Logger.Level.WARNING, "ending orphaned session processes failed", e);
        }
    }

    private TerminalSession byName(String name) {
        return sessions.values().stream().filter(s -> name.equals(s.name())).findFirst().orElse(null);
    }
}
