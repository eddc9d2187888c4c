package dev.uictl.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A request over a real Unix socket against a scripted peer that speaks the daemon's side of the framing. */
class ClientSessionTest {
    private static final ClientSession.Request REQUEST = new ClientSession.Request("build-7",
            "/opt/uictl 2", List.of("version", "--format", "json"), env(), "/some/cwd", true, false, true);

    @TempDir
    Path dir;
    private ServerSocketChannel server;
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

    /** The daemon's side of one connection: its incoming stream, and its outgoing one to reply on. */
    private record Peer(DataInputStream in, DataOutputStream out) {
        List<Frame> readHeader() throws IOException {
            List<Frame> header = new ArrayList<>();
            Frame f;
            do {
                f = FrameCodec.read(in);
                header.add(f);
            } while (!(f instanceof Frame.Run) && !(f instanceof Frame.Control));
            return header;
        }

        void send(Frame... frames) throws IOException {
            for (Frame f : frames) {
                FrameCodec.write(out, f);
            }
            out.flush();
        }
    }

    private interface Script {
        void play(Peer peer) throws Exception;
    }

    @BeforeEach
    void listen() throws IOException {
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(dir.resolve("daemon.sock")));
    }

    @AfterEach
    void close() throws IOException {
        server.close();
    }

    @Test
    void sendsTheWholeRequestThenRelaysOutputUntilTheExitCode() throws Exception {
        var header = new CompletableFuture<List<Frame>>();
        var outcome = run(InputStream.nullInputStream(), () -> { }, peer -> {
            header.complete(peer.readHeader());
            peer.send(new Frame.Stdout(utf8("{\"success\":")), new Frame.Stderr(utf8("warn\n")),
                    new Frame.Stdout(utf8("true}\n")), new Frame.Exit(7));
        });

        assertThat(outcome).isEqualTo(new ClientSession.Outcome.Exited(7));
        assertThat(stdout.toString(StandardCharsets.UTF_8)).isEqualTo("{\"success\":true}\n");
        assertThat(stderr.toString(StandardCharsets.UTF_8)).isEqualTo("warn\n");
        assertThat(header.get()).containsExactly(new Frame.Hello("build-7", "/opt/uictl 2"), new Frame.Arg("version"),
                new Frame.Arg("--format"), new Frame.Arg("json"), new Frame.Env("A=1"), new Frame.Env("B=x=y"),
                new Frame.Cwd("/some/cwd"), new Frame.Tty(true, false, true), new Frame.Run());
    }

    @Test
    void aNegativeExitCodeSurvivesTheFourByteFrame() throws Exception {
        var outcome = run(InputStream.nullInputStream(), () -> { }, peer -> {
            peer.readHeader();
            peer.send(new Frame.Exit(-2));
        });

        assertThat(outcome).isEqualTo(new ClientSession.Outcome.Exited(-2));
    }

    @Test
    void forwardsStandardInputOnlyOnceTheDaemonAsksForIt() throws Exception {
        var raw = new AtomicInteger();
        var outcome = run(new ByteArrayInputStream(utf8("line one\nline two\n")), raw::incrementAndGet, peer -> {
            peer.readHeader();
            peer.send(new Frame.SendStdin(false));
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            Frame f;
            while ((f = FrameCodec.read(peer.in())) instanceof Frame.StdinData(byte[] bytes)) {
                received.write(bytes);
            }
            assertThat(f).isEqualTo(new Frame.StdinEof());
            peer.send(new Frame.Stdout(received.toByteArray()), new Frame.Exit(0));
        });

        assertThat(outcome).isEqualTo(new ClientSession.Outcome.Exited(0));
        assertThat(stdout.toString(StandardCharsets.UTF_8)).isEqualTo("line one\nline two\n");
        assertThat(raw).hasValue(0);
    }

    @Test
    void aRawStdinRequestSwitchesTheTerminalFirst() throws Exception {
        var raw = new AtomicInteger();
        var outcome = run(InputStream.nullInputStream(), raw::incrementAndGet, peer -> {
            peer.readHeader();
            peer.send(new Frame.SendStdin(true));
            assertThat(FrameCodec.read(peer.in())).isEqualTo(new Frame.StdinEof());
            peer.send(new Frame.Exit(0));
        });

        assertThat(outcome).isEqualTo(new ClientSession.Outcome.Exited(0));
        assertThat(raw).hasValue(1);
    }

    @Test
    void reportsADaemonOfAnotherBuild() throws Exception {
        var outcome = run(InputStream.nullInputStream(), () -> { }, peer -> {
            peer.readHeader();
            peer.send(new Frame.VersionMismatch("build-8", Frame.Reaction.STOPPING));
        });

        assertThat(outcome).isEqualTo(new ClientSession.Outcome.Mismatch("build-8", Frame.Reaction.STOPPING));
        assertThat(stdout.size()).isZero();
    }

    @Test
    void aConnectionClosedBeforeTheExitCodeIsDropped() throws Exception {
        var outcome = run(InputStream.nullInputStream(), () -> { }, peer -> {
            peer.readHeader();
            peer.send(new Frame.Stdout(utf8("partial")));
        });

        assertThat(outcome).isInstanceOf(ClientSession.Outcome.Dropped.class);
        assertThat(stdout.toString(StandardCharsets.UTF_8)).isEqualTo("partial");
    }

    /** A daemon that read the whole request and ended without a word may have run it: nothing says otherwise. */
    @Test
    void aRequestReadInFullAndLeftUnansweredMayHaveRun() throws Exception {
        var outcome = run(InputStream.nullInputStream(), () -> { }, Peer::readHeader);

        assertThat(outcome).isInstanceOf(ClientSession.Outcome.Dropped.class);
    }

    /** Issue 31, item 2: a daemon killed while idle still queues connections for a moment, then they are reset. */
    @Test
    void aConnectionTheDaemonNeverAcceptedIsUndelivered() throws Exception {
        try (SocketChannel channel = connect()) {
            server.close();
            ClientSession.Outcome outcome = ClientSession.run(channel, address(), REQUEST,
                    InputStream.nullInputStream(), stdout, stderr);
            assertThat(outcome).isInstanceOf(ClientSession.Outcome.Undelivered.class);
        }
    }

    /** Closed with the request unread (or before it was all sent): the kernel resets the connection. */
    @Test
    void aRequestTheDaemonClosedUnreadIsUndelivered() throws Exception {
        var outcome = run(InputStream.nullInputStream(), () -> { }, peer -> { });

        assertThat(outcome).isInstanceOf(ClientSession.Outcome.Undelivered.class);
    }

    @Test
    void aFrameOnlyAClientSendsIsAProtocolError() {
        assertThatThrownBy(() -> run(InputStream.nullInputStream(), () -> { }, peer -> {
            peer.readHeader();
            peer.send(new Frame.Arg("confused"));
        })).isInstanceOf(ProtocolException.class).hasMessageContaining("unexpected frame");
    }

    @Test
    void controlSendsOnlyTheVerbAndCollectsTheAnswer() throws Exception {
        var header = new CompletableFuture<List<Frame>>();
        ClientSession.Outcome outcome;
        try (var peer = new PeerThread(p -> {
            header.complete(p.readHeader());
            p.send(new Frame.Stdout(utf8("{\"running\":true}")), new Frame.Exit(0));
        }); SocketChannel channel = connect()) {
            outcome = ClientSession.control(channel, address(), "build-7", "status", stdout, Duration.ofSeconds(5));
            peer.join();
        }

        assertThat(outcome).isEqualTo(new ClientSession.Outcome.Exited(0));
        assertThat(header.get()).containsExactly(new Frame.Hello("build-7", null), new Frame.Control("status"));
        assertThat(stdout.toString(StandardCharsets.UTF_8)).isEqualTo("{\"running\":true}");
    }

    /**
     * A daemon whose process is stopped answers nothing, ever: the client gives up within a couple of looks at its
     * process state, naming the pid and the state, instead of waiting forever.
     */
    @Test
    void aRequestToAStoppedDaemonIsUnresponsiveWithinSeconds() throws Exception {
        Process daemon = new ProcessBuilder("sleep", "60").start();
        try {
            Files.writeString(address().pidFile(), Long.toString(daemon.pid()));
            new ProcessBuilder("kill", "-STOP", Long.toString(daemon.pid())).start().waitFor();
            long start = System.nanoTime();
            var outcome = run(InputStream.nullInputStream(), () -> { }, peer -> {
                peer.readHeader();
                FrameCodec.read(peer.in()); // silent until the client hangs up
            });

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            var unresponsive = (ClientSession.Outcome.Unresponsive) outcome;
            assertThat(unresponsive.pid()).isEqualTo(daemon.pid());
            assertThat(unresponsive.state()).isEqualTo("stopped");
            assertThat(unresponsive.kind()).isEqualTo("daemon_unresponsive");
            assertThat(unresponsive.hint()).contains("kill -CONT " + daemon.pid()).contains("uictl daemon stop");
        } finally {
            daemon.destroyForcibly();
            new ProcessBuilder("kill", "-CONT", Long.toString(daemon.pid())).start().waitFor();
        }
    }

    /** A management verb is answered at once, so silence past its deadline ends the wait even on a running peer. */
    @Test
    void aControlVerbUnansweredPastItsDeadlineIsUnresponsive() throws Exception {
        ClientSession.Outcome outcome;
        try (var peer = new PeerThread(p -> {
            p.readHeader();
            FrameCodec.read(p.in());
        }); SocketChannel channel = connect()) {
            outcome = ClientSession.control(channel, address(), "build-7", "stop", stdout, Duration.ofMillis(300));
            peer.join();
        }

        var unresponsive = (ClientSession.Outcome.Unresponsive) outcome;
        assertThat(unresponsive.message()).contains("did not answer within");
        assertThat(unresponsive.state()).isEqualTo("unknown");
    }

    /** A daemon that runs is waited on as long as it takes: a reply after a few looks at its process still counts. */
    @Test
    void aSlowAnswerFromARunningDaemonIsAwaited() throws Exception {
        Files.writeString(address().pidFile(), Long.toString(ProcessHandle.current().pid()));
        var outcome = run(InputStream.nullInputStream(), () -> { }, peer -> {
            peer.readHeader();
            Thread.sleep(2500);
            peer.send(new Frame.Exit(0));
        });

        assertThat(outcome).isEqualTo(new ClientSession.Outcome.Exited(0));
    }

    private DaemonAddress address() {
        return new DaemonAddress(dir, "test");
    }

    private ClientSession.Outcome run(InputStream stdin, Runnable rawStdinRequested, Script script)
            throws Exception {
        try (var peer = new PeerThread(script); SocketChannel channel = connect()) {
            ClientSession.Outcome outcome = ClientSession.run(channel, address(), REQUEST, stdin, stdout, stderr,
                    rawStdinRequested);
            peer.join();
            return outcome;
        }
    }

    /** A running peer; join() rethrows what its script threw, so a failed assertion there fails the test. */
    private final class PeerThread implements AutoCloseable {
        private final CompletableFuture<Void> done = new CompletableFuture<>();

        PeerThread(Script script) {
            Thread.ofVirtual().start(() -> {
                try (SocketChannel accepted = server.accept()) {
                    script.play(new Peer(
                            new DataInputStream(new BufferedInputStream(Channels.newInputStream(accepted))),
                            new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(accepted)))));
                    done.complete(null);
                } catch (Throwable t) {
                    done.completeExceptionally(t);
                }
            });
        }

        void join() throws Exception {
            try {
                done.get();
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof Exception cause) {
                    throw cause;
                }
                throw (Error) e.getCause();
            }
        }

        @Override
        public void close() {
            done.cancel(false);
        }
    }

    private SocketChannel connect() throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(server.getLocalAddress());
        return channel;
    }

    private static Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("A", "1");
        env.put("B", "x=y");
        return env;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
