package dev.uictl.tmux.control;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One {@code tmux -C} client on pipes (plain {@code -C} works without a terminal; {@code -CC} insists on one). It
 * writes command lines to tmux's stdin and pairs each reply block with the oldest unanswered command (tmux answers
 * in order). Pane output and notifications go to the {@link Listener} on the reader thread, which must not block.
 * tmux sends {@code %output} only for panes in the session this client is attached to.
 */
public final class ControlClient implements AutoCloseable {
    private static final Duration CLOSE_GRACE = Duration.ofMillis(500);

    /** Receives the client's asynchronous traffic. Called on the reader thread; keep it short. */
    public interface Listener {
        default void output(ControlEvent.Output output, long nanoTime) {
        }

        default void notification(ControlEvent event) {
        }

        /** The client ended: detached, the session or server went away, or {@link #close()}. */
        default void closed(TmuxException why) {
        }
    }

    private record Pending(String command, CompletableFuture<ControlEvent.Reply> reply) {
    }

    private final Process process;
    private final OutputStream stdin;
    private final Listener listener;
    private final String initialCommand;
    private final Deque<Pending> pending = new ArrayDeque<>();
    private final CompletableFuture<ControlEvent.Reply> initial = new CompletableFuture<>();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private volatile TmuxException closedBy;
    private Thread stderrReader;

    private ControlClient(Process process, Listener listener, String initialCommand) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.listener = listener;
        this.initialCommand = initialCommand;
    }

    /**
     * Starts {@code tmux -C <initial…>} ({@code attach-session -t =S}, or {@code new-session …} which attaches to
     * the new session) and returns once tmux accepted that command.
     */
    public static ControlClient start(TmuxServer server, Map<String, String> env, List<String> initial,
                                      Listener listener, Duration timeout) {
        List<String> args = new java.util.ArrayList<>();
        args.add("-C");
        args.addAll(initial);
        ProcessBuilder pb = server.process(args, env);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new TmuxException.TmuxMissing("cannot run " + server.executable() + ": " + e.getMessage());
        }
        ControlClient client = new ControlClient(p, listener, String.join(" ", initial));
        // Platform threads: a blocking read of a process pipe pins a virtual thread's carrier, and a few idle
        // control clients then held every carrier and starved the daemon's request threads (seen under bench/tmux.sh).
        Thread.ofPlatform().daemon().name("tmux-control-" + p.pid()).start(client::readLoop);
        client.stderrReader = Thread.ofPlatform().daemon().name("tmux-control-err-" + p.pid()).start(client::readStderr);
        try {
            ControlEvent.Reply reply = client.initial.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            if (!reply.ok()) {
                client.close();
                throw TmuxException.classify(client.initialCommand, reply.lines());
            }
            return client;
        } catch (TimeoutException e) {
            client.close();
            throw new TmuxException.NoReply(client.initialCommand, "tmux did not accept the control client within "
                    + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            client.close();
            throw e.getCause() instanceof TmuxException t ? t
                    : new TmuxException.CommandFailed(client.initialCommand, String.valueOf(e.getCause()));
        } catch (InterruptedException e) {
            client.close();
            Thread.currentThread().interrupt();
            throw new TmuxException.NoReply(client.initialCommand, "interrupted while starting the control client");
        }
    }

    /** Sends one command line; the future completes with its reply block (ok or error). */
    public CompletableFuture<ControlEvent.Reply> submit(String commandLine) {
        if (commandLine.indexOf('\n') >= 0 || commandLine.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a control-mode command is one line");
        }
        CompletableFuture<ControlEvent.Reply> reply = new CompletableFuture<>();
        synchronized (pending) {
            TmuxException closed = closedBy;
            if (closed != null) {
                reply.completeExceptionally(gone(commandLine, closed));
                return reply;
            }
            pending.addLast(new Pending(commandLine, reply));
            try {
                stdin.write((commandLine + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            } catch (IOException e) {
                pending.removeLast();
                reply.completeExceptionally(new TmuxException.ServerGone(commandLine,
                        "the tmux control client stopped reading: " + e.getMessage()));
            }
        }
        return reply;
    }

    /** Runs one command and returns its output lines; an error reply is thrown classified. */
    public List<String> execute(String commandLine, Duration timeout) {
        CompletableFuture<ControlEvent.Reply> future = submit(commandLine);
        ControlEvent.Reply reply;
        try {
            reply = future.get(Math.max(1, timeout.toNanos()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new TmuxException.NoReply(commandLine, "tmux did not answer within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof TmuxException t ? t
                    : new TmuxException.CommandFailed(commandLine, String.valueOf(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TmuxException.NoReply(commandLine, "interrupted while waiting for tmux");
        }
        if (!reply.ok()) {
            throw TmuxException.classify(commandLine, reply.lines());
        }
        return reply.lines();
    }

    public boolean isOpen() {
        return closedBy == null && process.isAlive();
    }

    /** Why the client ended, or null while it is open. */
    public TmuxException closedBy() {
        return closedBy;
    }

    public long pid() {
        return process.pid();
    }

    /** Detaches (closing tmux's stdin ends a control client) and waits briefly before killing it. */
    @Override
    public void close() {
        synchronized (pending) {
            try {
                stdin.close();
            } catch (IOException ignored) {
                // already gone
            }
        }
        try {
            if (!process.waitFor(CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        finish(new TmuxException.ServerGone(null, "the control client was closed"));
    }

    private void readLoop() {
        ControlParser parser = new ControlParser();
        try (InputStream in = new java.io.BufferedInputStream(process.getInputStream(), 64 * 1024)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(256);
            byte[] buf = new byte[64 * 1024];
            int n;
            while ((n = in.read(buf)) > 0) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        line.write(buf, start, i - start);
                        dispatch(parser.feed(line.toByteArray()));
                        line.reset();
                        start = i + 1;
                    }
                }
                line.write(buf, start, n - start);
            }
        } catch (IOException | RuntimeException e) {
            // the pipe broke: handled below as the end of the client
        }
        int exit;
        try {
            exit = process.waitFor();
            stderrReader.join(CLOSE_GRACE); // the reason tmux gave, e.g. "no server running", is on stderr
        } catch (InterruptedException e) {
            exit = -1;
        }
        String err;
        synchronized (stderr) {
            err = stderr.toString(StandardCharsets.UTF_8).strip();
        }
        TmuxException why = err.isEmpty()
                ? new TmuxException.ServerGone(null, "the tmux control client ended (exit " + exit + ")")
                : TmuxException.classify(null, List.of(err));
        finish(why instanceof TmuxException.NoServer || why instanceof TmuxException.ServerGone ? why
                : new TmuxException.ServerGone(null, err));
    }

    private void readStderr() {
        try (InputStream err = process.getErrorStream()) {
            byte[] buf = new byte[4096];
            int n;
            while ((n = err.read(buf)) > 0) {
                synchronized (stderr) {
                    if (stderr.size() < 64 * 1024) {
                        stderr.write(buf, 0, n);
                    }
                }
            }
        } catch (IOException ignored) {
            // the process ended
        }
    }

    private void dispatch(ControlEvent event) {
        switch (event) {
            case null -> { }
            case ControlEvent.Reply reply when !reply.fromClient() -> initial.complete(reply);
            case ControlEvent.Reply reply -> {
                Pending p;
                synchronized (pending) {
                    p = pending.pollFirst();
                }
                if (p != null) {
                    p.reply().complete(reply);
                }
            }
            case ControlEvent.Output output -> listener.output(output, System.nanoTime());
            case ControlEvent.Exit exit -> listener.notification(exit);
            case ControlEvent.FlowControl flow -> listener.notification(flow);
            case ControlEvent.Notification notification -> listener.notification(notification);
        }
    }

    private void finish(TmuxException why) {
        java.util.List<Pending> failed;
        synchronized (pending) {
            if (closedBy != null) {
                return;
            }
            closedBy = why;
            failed = java.util.List.copyOf(pending);
            pending.clear();
        }
        initial.completeExceptionally(why);
        for (Pending p : failed) {
            p.reply().completeExceptionally(gone(p.command(), why));
        }
        listener.closed(why);
    }

    private static TmuxException gone(String command, TmuxException why) {
        return why instanceof TmuxException.NoServer
                ? new TmuxException.NoServer(command, why.getMessage())
                : new TmuxException.ServerGone(command, why.getMessage());
    }
}
