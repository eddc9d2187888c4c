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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One {@code tmux -C} client on pipes (plain {@code -C} works without a terminal; {@code -CC} insists on one). It
 * writes command lines to tmux's stdin and pairs each reply block with the oldest unanswered command (tmux answers
 * in order). Pane output and notifications go to the {@link Listener} on the reader thread, which must not block.
 * tmux sends {@code %output} only for panes in the session this client is attached to.
 *
 * <p>In control mode the tmux server itself reads the client's stdin, so a server that stops answering also stops
 * draining the pipe: once 64 KB of commands wait in it, a write blocks until the server runs again. Commands are
 * therefore written by one writer thread, never by the caller, whose wait stays bounded by its timeout. A command
 * whose caller gave up before it was written is never written; one written is kept in line until its reply
 * arrives, so a late reply is dropped with it instead of going to the next caller.
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

    /** Tells the writer to close tmux's stdin. */
    private static final Pending DETACH = new Pending("", new CompletableFuture<>());

    private final Process process;
    private final OutputStream stdin;
    private final Listener listener;
    private final String initialCommand;
    /** Written commands awaiting their reply, oldest first. */
    private final Deque<Pending> pending = new ArrayDeque<>();
    /** Commands not yet written, for the writer thread. */
    private final BlockingQueue<Pending> outbound = new LinkedBlockingQueue<>();
    private final CompletableFuture<ControlEvent.Reply> initial = new CompletableFuture<>();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private volatile TmuxException closedBy;
    private volatile Thread stderrReader;

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
        // the stderr reader first: a client that ends at once has its read loop join it (it was null then: an NPE
        // ended the read loop before it could report the end)
        client.stderrReader = Thread.ofPlatform().daemon().name("tmux-control-err-" + p.pid()).start(client::readStderr);
        Thread.ofPlatform().daemon().name("tmux-control-" + p.pid()).start(client::readLoop);
        Thread.ofPlatform().daemon().name("tmux-control-out-" + p.pid()).start(client::writeLoop);
        try {
            ControlEvent.Reply reply = client.initial.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            if (!reply.ok()) {
                client.close();
                throw TmuxException.classify(client.initialCommand, reply.lines());
            }
            return client;
        } catch (TimeoutException e) {
            // a server that did not take the client will not take a polite detach either
            TmuxException why = new TmuxException.NoReply(client.initialCommand, "tmux did not accept the control "
                    + "client within " + timeout.toMillis() + " ms");
            client.process.destroyForcibly();
            client.finish(why);
            throw why;
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

    /**
     * Queues one command line for the writer thread; the future completes with its reply block (ok or error).
     * Never blocks: completing the future (as {@link #execute} does when its caller gives up) before the line was
     * written keeps it from being written at all.
     */
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
            outbound.add(new Pending(commandLine, reply));
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
            TmuxException.NoReply noReply = new TmuxException.NoReply(commandLine, "tmux did not answer within "
                    + timeout.toMillis() + " ms");
            future.completeExceptionally(noReply); // not written yet: it never will be
            throw noReply;
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

    /**
     * Detaches (the writer closes tmux's stdin after the commands queued before, which ends a control client) and
     * waits briefly before killing it: a server that does not read the pipe never sees the end of it.
     */
    @Override
    public void close() {
        outbound.add(DETACH);
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

    /**
     * Writes the queued commands in order, each entering the line of awaited replies just before it is written;
     * the only user of tmux's stdin, which it closes at {@link #DETACH} or when the client ended.
     */
    private void writeLoop() {
        try (stdin) {
            while (true) {
                Pending p = outbound.take();
                if (p == DETACH) {
                    return;
                }
                synchronized (pending) {
                    if (closedBy != null) {
                        return; // finish failed what was queued
                    }
                    if (p.reply().isDone()) {
                        continue; // its caller gave up before it was written
                    }
                    pending.addLast(p);
                }
                stdin.write((p.command() + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            }
        } catch (IOException e) {
            finish(new TmuxException.ServerGone(null, "the tmux control client stopped reading: " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
            failed = new java.util.ArrayList<>(pending);
            pending.clear();
            outbound.drainTo(failed);
            failed.removeIf(p -> p == DETACH);
            outbound.add(DETACH); // wakes the writer to close the pipe
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
