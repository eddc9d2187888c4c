package dev.uictl.protocol;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Map;

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
    }

    /** What the client forwards: the request and the context it runs in, never its meaning. */
    public record Request(String buildId, List<String> argv, Map<String, String> env, String cwd, boolean stdinTty,
                          boolean stdoutTty, boolean stderrTty) {
    }

    private ClientSession() {
    }

    public static Outcome run(SocketChannel channel, Request request, InputStream stdin, OutputStream stdout,
                              OutputStream stderr) throws IOException {
        return run(channel, request, stdin, stdout, stderr, () -> { });
    }

    /** @param rawStdinRequested runs when the daemon asks for stdin in raw terminal mode (term attach) */
    public static Outcome run(SocketChannel channel, Request request, InputStream stdin, OutputStream stdout,
                              OutputStream stderr, Runnable rawStdinRequested) throws IOException {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
        DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
        FrameCodec.write(out, new Frame.Hello(request.buildId()));
        for (String arg : request.argv()) {
            FrameCodec.write(out, new Frame.Arg(arg));
        }
        for (var e : request.env().entrySet()) {
            FrameCodec.write(out, new Frame.Env(e.getKey() + "=" + e.getValue()));
        }
        FrameCodec.write(out, new Frame.Cwd(request.cwd()));
        FrameCodec.write(out, new Frame.Tty(request.stdinTty(), request.stdoutTty(), request.stderrTty()));
        FrameCodec.write(out, new Frame.Run());
        out.flush();
        return relay(in, out, stdin, stdout, stderr, rawStdinRequested);
    }

    /** Sends a management verb ("status", "stop") and collects the daemon's answer on stdout. */
    public static Outcome control(SocketChannel channel, String buildId, String verb, OutputStream answer)
            throws IOException {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
        DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
        FrameCodec.write(out, new Frame.Hello(buildId));
        FrameCodec.write(out, new Frame.Control(verb));
        out.flush();
        return relay(in, out, InputStream.nullInputStream(), answer, OutputStream.nullOutputStream(), () -> { });
    }

    private static Outcome relay(DataInputStream in, DataOutputStream out, InputStream stdin, OutputStream stdout,
                                 OutputStream stderr, Runnable rawStdinRequested) throws IOException {
        Thread pump = null;
        try {
            while (true) {
                Frame f;
                try {
                    f = FrameCodec.read(in);
                } catch (IOException e) {
                    return new Outcome.Dropped(e.getMessage() == null ? e.toString() : e.getMessage());
                }
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
