package dev.uictl.protocol;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketException;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** One request over a connected channel: sends the header, relays output and stdin, returns the outcome. */
public final class ClientSession {

    /** How a request ended. */
    public sealed interface Outcome {
        record Exited(int code) implements Outcome {
        }

        record Mismatch(String daemonBuildId, Frame.Reaction reaction) implements Outcome {
        }

        /** The connection ended before an exit code: the command may or may not have run. */
        record Dropped(String reason) implements Outcome {
        }

        /**
         * The daemon never read the whole request, so nothing ran and sending it again is safe: writing it failed
         * (the 'run' frame comes last), or the connection was reset before any answer frame. The kernel resets a
         * Unix connection that its daemon closed with bytes unread, or never accepted (a daemon killed while idle
         * still has its listener open for a moment and queues the connection); a daemon reads the whole request
         * before it runs or answers anything, and the client sends nothing more until an answer comes.
         */
        record Undelivered(String reason) implements Outcome {
        }

        /**
         * The daemon cannot answer: its process is stopped or gone, or it stayed silent past the deadline of a
         * request it answers at once. The request may have reached it.
         *
         * @param pid its process, when the pid file names one
         * @param state what /proc says of it ({@link DaemonProcess.State#word}), "unknown" without a pid
         */
        record Unresponsive(Long pid, String state, String message) implements Outcome {
            /** @param what what it is or did not do, after "the daemon (pid N)" */
            static Unresponsive of(Long pid, String state, String what) {
                return new Unresponsive(pid, state, "the daemon" + (pid == null ? "" : " (pid " + pid + ")") + " "
                        + what);
            }

            /**
             * The verdict on a daemon that has not done something yet, after {@code waitedNanos}: it cannot (its
             * process is stopped or gone), or it has not within {@code limitNanos}; empty while waiting may still end.
             *
             * @param cannot what it cannot do ("answer"), after "is stopped and cannot"
             * @param notWithin what it has not done ("did not answer within"), before the time waited
             */
            static Optional<Unresponsive> judge(Optional<DaemonProcess> daemon, long waitedNanos, long limitNanos,
                                                String cannot, String notWithin) {
                Long pid = daemon.map(DaemonProcess::pid).orElse(null);
                DaemonProcess.State state = daemon.map(DaemonProcess::state).orElse(null);
                String word = state == null ? "unknown" : state.word();
                if (state != null && !state.canAnswer()) {
                    return Optional.of(of(pid, word, "is " + word + " and cannot " + cannot));
                }
                if (waitedNanos >= limitNanos) {
                    return Optional.of(of(pid, word, notWithin + " " + TimeUnit.NANOSECONDS.toMillis(waitedNanos)
                            + " ms (its process is " + word + ")"));
                }
                return Optional.empty();
            }

            public String kind() {
                return state.equals(DaemonProcess.State.GONE.word()) ? "daemon_gone" : "daemon_unresponsive";
            }

            /** A runnable next step: resume a stopped daemon or end it; a gone one is replaced by the next call. */
            public String hint() {
                if (kind().equals("daemon_gone")) {
                    return "Retry: the next call starts a fresh daemon.";
                }
                String resume = state.startsWith("stopped") && pid != null ? "Resume it with `kill -CONT " + pid
                        + "`, or end" : "End";
                return resume + " it with `uictl daemon stop` (it is killed when it cannot answer); the next call "
                        + "then starts a fresh daemon.";
            }
        }
    }

    /**
     * What the client forwards: the request and the context it runs in, never its meaning.
     *
     * @param home the client's installation (see {@link Frame.Hello})
     */
    public record Request(String buildId, String home, List<String> argv, Map<String, String> env, String cwd,
                          boolean stdinTty, boolean stdoutTty, boolean stderrTty) {
    }

    private ClientSession() {
    }

    public static Outcome run(SocketChannel channel, DaemonAddress address, Request request, InputStream stdin,
                              OutputStream stdout, OutputStream stderr) throws IOException {
        return run(channel, address, request, stdin, stdout, stderr, () -> { });
    }

    /**
     * A command may legitimately run for minutes (a long wait), so it is waited on for as long as the daemon's
     * process can answer (see {@link DaemonWatch}).
     *
     * @param address where the daemon's pid file is
     * @param rawStdinRequested runs when the daemon asks for stdin in raw terminal mode (term attach)
     */
    public static Outcome run(SocketChannel channel, DaemonAddress address, Request request, InputStream stdin,
                              OutputStream stdout, OutputStream stderr, Runnable rawStdinRequested)
            throws IOException {
        List<Frame> header = new ArrayList<>(request.argv().size() + request.env().size() + 4);
        header.add(new Frame.Hello(request.buildId(), request.home()));
        for (String arg : request.argv()) {
            header.add(new Frame.Arg(arg));
        }
        for (var e : request.env().entrySet()) {
            header.add(new Frame.Env(e.getKey() + "=" + e.getValue()));
        }
        header.add(new Frame.Cwd(request.cwd()));
        header.add(new Frame.Tty(request.stdinTty(), request.stdoutTty(), request.stderrTty()));
        header.add(new Frame.Run());
        return exchange(channel, address, null, header, stdin, stdout, stderr, rawStdinRequested);
    }

    /**
     * Sends a management verb ("status", "stop") and collects the daemon's answer on stdout. A daemon answers these
     * at once, so one silent for {@code answerWithin} is {@link Outcome.Unresponsive} however its process looks.
     */
    public static Outcome control(SocketChannel channel, DaemonAddress address, String buildId, String verb,
                                  OutputStream answer, Duration answerWithin) throws IOException {
        return exchange(channel, address, answerWithin, List.of(new Frame.Hello(buildId, null), new Frame.Control(verb)),
                InputStream.nullInputStream(), answer, OutputStream.nullOutputStream(), () -> { });
    }

    /** Sends the header and relays the reply while a {@link DaemonWatch} looks at the daemon's process. */
    private static Outcome exchange(SocketChannel channel, DaemonAddress address, Duration answerWithin,
                                    List<Frame> header, InputStream stdin, OutputStream stdout, OutputStream stderr,
                                    Runnable rawStdinRequested) throws IOException {
        try (DaemonWatch watch = DaemonWatch.start(address, channel, answerWithin)) {
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
            DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
            try {
                for (Frame f : header) {
                    FrameCodec.write(out, f);
                }
                out.flush();
            } catch (IOException e) {
                return watch.settle(new Outcome.Undelivered("could not send the request: " + text(e)));
            }
            return watch.settle(relay(in, out, stdin, stdout, stderr, rawStdinRequested));
        }
    }

    private static String text(IOException e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** ECONNRESET, as the JDK's socket channels report it (a SocketException of this fixed text). */
    private static boolean isReset(IOException e) {
        return e instanceof SocketException && "Connection reset".equals(e.getMessage());
    }

    private static Outcome relay(DataInputStream in, DataOutputStream out, InputStream stdin, OutputStream stdout,
                                 OutputStream stderr, Runnable rawStdinRequested) throws IOException {
        Thread pump = null;
        boolean answered = false;
        try {
            while (true) {
                Frame f;
                try {
                    f = FrameCodec.read(in);
                } catch (IOException e) {
                    return !answered && isReset(e)
                            ? new Outcome.Undelivered("the daemon closed the connection before reading the request")
                            : new Outcome.Dropped(text(e));
                }
                answered = true;
                // An if-chain, not a pattern switch: a switch over the sealed Frame bootstraps an invokedynamic
                // call site (SwitchBootstraps) that the AOT cache does not keep, so every start of the Java client
                // would spin its classes again. Record patterns in instanceof compile to plain type checks.
                if (f == null) {
                    return new Outcome.Dropped("the daemon closed the connection before an exit code");
                } else if (f instanceof Frame.Stdout(byte[] bytes)) {
                    stdout.write(bytes);
                    stdout.flush();
                } else if (f instanceof Frame.Stderr(byte[] bytes)) {
                    stderr.write(bytes);
                    stderr.flush();
                } else if (f instanceof Frame.SendStdin(boolean raw)) {
                    if (raw) {
                        rawStdinRequested.run();
                    }
                    if (pump == null) {
                        pump = Thread.ofVirtual().start(() -> pumpStdin(stdin, out));
                    }
                } else if (f instanceof Frame.Exit(int code)) {
                    return new Outcome.Exited(code);
                } else if (f instanceof Frame.VersionMismatch(String daemonBuildId, Frame.Reaction reaction)) {
                    return new Outcome.Mismatch(daemonBuildId, reaction);
                } else {
                    throw new ProtocolException("unexpected frame from daemon: " + f);
                }
            }
        } finally {
            if (pump != null) {
                pump.interrupt();
            }
        }
    }

    private static void pumpStdin(InputStream stdin, DataOutputStream out) {
        byte[] buf = new byte[16384];
        try {
            int n;
            while ((n = stdin.read(buf)) > 0) {
                synchronized (out) {
                    FrameCodec.write(out, new Frame.StdinData(java.util.Arrays.copyOf(buf, n)));
                    out.flush();
                }
            }
            synchronized (out) {
                FrameCodec.write(out, new Frame.StdinEof());
                out.flush();
            }
        } catch (IOException e) {
            // The daemon went away; the relay loop reports it.
        }
    }
}
