package dev.uictl.app.daemon;

import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.app.dispatch.Invocation;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.error.UictlException;
import dev.uictl.protocol.Frame;
import dev.uictl.protocol.FrameCodec;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/** Serves one client connection: header, command, relayed streams, exit code; cleans up if the client vanishes. */
final class ConnectionHandler {
    private static final System.Logger LOG = System.getLogger("uictl.daemon");
    private final DaemonServer server;
    private final Dispatcher dispatcher;
    private final SocketChannel channel;
    private final DataInputStream in;
    private final DataOutputStream out;

    ConnectionHandler(DaemonServer server, Dispatcher dispatcher, SocketChannel channel) {
        this.server = server;
        this.dispatcher = dispatcher;
        this.channel = channel;
        this.in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
        this.out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
    }

    void serve() {
        Hooks disconnectHooks = new Hooks();
        try (channel) {
            Header header = readHeader(in);
            if (header == null) {
                return;
            }
            if (header.controlVerb != null) {
                server.control(header.controlVerb, out);
                return;
            }
            if (!header.buildId.equals(server.buildId())) {
                server.meetBuild(header.buildId, header.home, reaction -> {
                    synchronized (out) {
                        try {
                            FrameCodec.write(out, new Frame.VersionMismatch(server.buildId(), reaction));
                            out.flush();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }
                }, error -> {
                    try {
                        answer(header, error);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                return;
            }
            run(header, disconnectHooks);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "connection ended: " + e);
        } catch (java.io.UncheckedIOException e) {
            // The client went away before its reply could be written: expected, not a failure of the daemon.
            LOG.log(System.Logger.Level.DEBUG, "client gone before its reply: " + e.getCause());
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "connection failed", e);
        } finally {
            disconnectHooks.runOnce();
        }
    }

    /**
     * Answers a connection the daemon will not serve (over its connection cap, or stopping) with {@code error}:
     * an error envelope and its exit code for a command, the exit code alone for a control verb. The header is
     * read first so the client is not cut off mid-write; a client that does not send one within
     * {@code headerTimeout} is dropped.
     */
    void refuse(UictlException error, Duration headerTimeout) {
        Cancellation answered = new Cancellation();
        Thread.ofVirtual().name("uictl-refuse-watchdog").start(() -> {
            if (!answered.sleep(headerTimeout.toMillis())) {
                closeQuietly();
            }
        });
        try (channel) {
            Header header = readHeader(in);
            if (header == null) {
                return;
            }
            answer(header, error);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "refused connection ended: " + e);
        } finally {
            answered.cancel("answered");
        }
    }

    /** Answers the request {@code header} spelled with {@code error} instead of running it (see {@link #refuse}). */
    private void answer(Header header, UictlException error) throws IOException {
        ByteArrayOutputStream reply = new ByteArrayOutputStream();
        int code = error.code().exitCode();
        if (header.controlVerb == null) {
            Invocation inv = new Invocation(header.argv, Path.of(header.cwd), Map.copyOf(header.env),
                    InputStream.nullInputStream(), reply, new PrintStream(OutputStream.nullOutputStream()),
                    header.stdoutTty, r -> { });
            code = dispatcher.refuse(inv, error);
        }
        FrameCodec.write(out, new Frame.Stdout(reply.toByteArray()));
        FrameCodec.write(out, new Frame.Exit(code));
        out.flush();
    }

    private void closeQuietly() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    private void run(Header header, Hooks hooks) throws IOException {
        FrameStdin stdin = new FrameStdin(out);
        Cancellation cancellation = new Cancellation();
        // A cancelled command must not wait on stdin from a client that will never send it.
        cancellation.onCancel(stdin::end);
        AtomicBoolean finished = new AtomicBoolean();
        Thread.ofVirtual().name("uictl-client-reader").start(() -> {
            readClient(in, stdin);
            // The client is gone: tell the command to stop (it checks its token; an interrupt would close the
            // shared channels it may be writing to) and release what it held.
            if (!finished.get()) {
                cancellation.cancel("the client went away");
            }
            hooks.runOnce();
        });
        FrameOutputStream stdout = new FrameOutputStream(out, false);
        PrintStream stderr = new PrintStream(new FrameOutputStream(out, true), true, StandardCharsets.UTF_8);
        Invocation inv = new Invocation(header.argv, Path.of(header.cwd), Map.copyOf(header.env), stdin, stdout,
                stderr, header.stdoutTty, hooks::add, cancellation);
        int code;
        if (server.admit(cancellation)) {
            try {
                server.prepareFor(inv.env());
                code = dispatcher.run(inv);
            } finally {
                finished.set(true);
                server.release(cancellation);
            }
        } else {
            finished.set(true);
            code = dispatcher.refuse(inv, DaemonServer.stopping());
        }
        stdout.flush();
        stderr.flush();
        synchronized (out) {
            FrameCodec.write(out, new Frame.Exit(code));
            out.flush();
        }
        // End of stream for the reader, without the exception and channel close an interrupt would cost
        channel.shutdownInput();
    }

    /** Feeds stdin frames until the client's side of the connection ends. */
    private static void readClient(DataInputStream in, FrameStdin stdin) {
        try {
            while (true) {
                Frame f = FrameCodec.read(in);
                switch (f) {
                    case null -> {
                        return;
                    }
                    case Frame.StdinData d -> stdin.offer(d.bytes());
                    case Frame.StdinEof e -> stdin.end();
                    default -> LOG.log(System.Logger.Level.WARNING, "ignoring unexpected frame " + f);
                }
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "client stream ended: " + e);
        } finally {
            stdin.end();
        }
    }

    /** Cleanups registered by commands; they run once, when the connection ends for whatever reason. */
    private static final class Hooks {
        private final List<Runnable> hooks = new CopyOnWriteArrayList<>();
        private final AtomicBoolean ran = new AtomicBoolean();

        void add(Runnable hook) {
            hooks.add(hook);
        }

        void runOnce() {
            if (!ran.compareAndSet(false, true)) {
                return;
            }
            for (Runnable hook : hooks) {
                try {
                    hook.run();
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "disconnect cleanup failed", e);
                }
            }
        }
    }

    private static final class Header {
        String buildId;
        /** The client's installation, null when it does not say (see Frame.Hello). */
        String home;
        final List<String> argv = new ArrayList<>();
        final Map<String, String> env = new HashMap<>();
        String cwd = "/";
        boolean stdoutTty;
        String controlVerb;
    }

    private static Header readHeader(DataInputStream in) throws IOException {
        Header h = new Header();
        Frame first = FrameCodec.read(in);
        if (!(first instanceof Frame.Hello hello)) {
            throw new IOException("expected hello, got " + first);
        }
        h.buildId = hello.buildId();
        h.home = hello.home();
        while (true) {
            Frame f = FrameCodec.read(in);
            switch (f) {
                case null -> {
                    return null;
                }
                case Frame.Arg a -> h.argv.add(a.value());
                case Frame.Env e -> {
                    int eq = e.entry().indexOf('=');
                    if (eq > 0) {
                        h.env.put(e.entry().substring(0, eq), e.entry().substring(eq + 1));
                    }
                }
                case Frame.Cwd c -> h.cwd = c.path();
                case Frame.Tty t -> h.stdoutTty = t.stdout();
                case Frame.Run r -> {
                    return h;
                }
                case Frame.Control c -> {
                    h.controlVerb = c.verb();
                    return h;
                }
                default -> throw new IOException("unexpected frame in header: " + f);
            }
        }
    }
}
