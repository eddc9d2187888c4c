package dev.uictl.tmux.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.tmux.command.PaneInfo;
import dev.uictl.tmux.command.Target;
import dev.uictl.tmux.command.TmuxCommand;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A real tmux server on a private socket in a temporary directory; killed at the end of each test. */
class ControlClientLiveTest {
    private static final Duration T = Duration.ofSeconds(5);
    private Path dir;
    private TmuxServer server;
    private final Map<String, ByteArrayOutputStream> output = new ConcurrentHashMap<>();
    private final CompletableFuture<TmuxException> closed = new CompletableFuture<>();
    private final ControlClient.Listener listener = new ControlClient.Listener() {
        @Override
        public void output(ControlEvent.Output o, long nanoTime) {
            ByteArrayOutputStream b = output.computeIfAbsent(o.paneId(), k -> new ByteArrayOutputStream());
            synchronized (b) {
                b.writeBytes(o.data());
            }
        }

        @Override
        public void closed(TmuxException why) {
            closed.complete(why);
        }
    };

    @BeforeEach
    void start() throws Exception {
        dir = Files.createTempDirectory(Path.of("/tmp"), "tmx");
        server = TmuxServer.atPath(dir.resolve("s"));
    }

    @AfterEach
    void stop() throws Exception {
        new ProcessBuilder(server.argv(List.of("kill-server"))).redirectErrorStream(true).start().waitFor(5, TimeUnit.SECONDS);
        Files.deleteIfExists(dir.resolve("s"));
        Files.deleteIfExists(dir);
    }

    private ControlClient newSession(String name) {
        return ControlClient.start(server, System.getenv(), List.of("new-session", "-s", name, "-x", "80", "-y", "24",
                "cat"), listener, T);
    }

    private String seen(String pane) {
        ByteArrayOutputStream b = output.getOrDefault(pane, new ByteArrayOutputStream());
        synchronized (b) {
            return b.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void quotedArgumentsReachTmuxLiterally() throws Exception {
        try (ControlClient c = newSession("api")) {
            String text = "a \"quoted\" $HOME ~ #{pane_id} ; trailing;\\ tab\there\nnew line é 世 😀 \u0001";
            c.execute(TmuxCommand.of("set-buffer").option("-b", "probe").endOfOptions().arg(text).line(), T);
            Path saved = dir.resolve("saved");
            c.execute(TmuxCommand.of("save-buffer").option("-b", "probe").arg(saved.toString()).line(), T);
            assertThat(Files.readString(saved)).isEqualTo(text); // show-buffer would escape it for display
            Files.delete(saved);
        }
    }

    @Test
    void outputOfTheAttachedSessionArrivesAndPrefixNamesNeverCollide() throws Exception {
        try (ControlClient c = newSession("api-2")) {
            c.execute("new-session -d -s api -x 80 -y 24 cat", T);
            List<PaneInfo> panes = c.execute(TmuxCommand.of("list-panes").flag("-a").option("-F", PaneInfo.FORMAT)
                    .line(), T).stream().map(PaneInfo::parse).toList();
            assertThat(panes).extracting(PaneInfo::session).containsExactlyInAnyOrder("api", "api-2");
            PaneInfo api2 = panes.stream().filter(p -> p.session().equals("api-2")).findFirst().orElseThrow();
            assertThat(api2.command()).isEqualTo("cat");
            assertThat(api2.width()).isEqualTo(80);
            // "=api:" must never reach api-2, whose name merely starts with "api"
            c.execute(TmuxCommand.of("send-keys").flag("-l").target(Target.sessionPanes("api")).endOfOptions()
                    .arg("for-api").line(), T);
            c.execute(TmuxCommand.of("send-keys").flag("-l").target(Target.sessionPanes("api-2")).endOfOptions()
                    .arg("hé 世;").line(), T);
            long until = System.nanoTime() + T.toNanos();
            while (!seen(api2.id()).contains("hé 世;") && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            assertThat(seen(api2.id())).isEqualTo("hé 世;");
            String apiCapture = String.join("\n", c.execute(TmuxCommand.of("capture-pane").flag("-p")
                    .target(Target.sessionPanes("api")).line(), T));
            assertThat(apiCapture).startsWith("for-api").doesNotContain("hé");
        }
    }

    @Test
    void errorsAreClassifiedFromTmuxReplies() {
        try (ControlClient c = newSession("api")) {
            assertThatThrownBy(() -> c.execute(TmuxCommand.of("has-session").target(Target.session("ap")).line(), T))
                    .isInstanceOf(TmuxException.SessionNotFound.class);
            assertThatThrownBy(() -> c.execute(TmuxCommand.of("send-keys").target(Target.pane("api", 0, 9)).line(), T))
                    .isInstanceOf(TmuxException.PaneNotFound.class);
            assertThatThrownBy(() -> c.execute("no-such-command", T)).isInstanceOf(TmuxException.CommandFailed.class);
            assertThat(c.isOpen()).isTrue();
        }
        assertThatThrownBy(() -> ControlClient.start(server, System.getenv(),
                List.of("attach-session", "-t", "=nope"), listener, T)).isInstanceOf(TmuxException.class);
    }

    @Test
    void aKilledServerEndsTheClientAndFailsWhatWasInFlight() throws Exception {
        ControlClient c = newSession("api");
        new ProcessBuilder(server.argv(List.of("kill-server"))).start().waitFor(5, TimeUnit.SECONDS);
        TmuxException why = closed.get(5, TimeUnit.SECONDS);
        assertThat(why).isInstanceOfAny(TmuxException.ServerGone.class, TmuxException.NoServer.class);
        assertThat(c.isOpen()).isFalse();
        assertThatThrownBy(() -> c.execute("list-sessions", T))
                .isInstanceOfAny(TmuxException.ServerGone.class, TmuxException.NoServer.class);
        c.close();
        // a new server on the same socket works
        try (ControlClient again = newSession("api")) {
            assertThat(again.execute("display-message -p ok", T)).containsExactly("ok");
        }
    }

    /**
     * A stopped server stops draining the client's stdin too (in control mode the server reads it): commands
     * beyond the 64 KB the pipe holds must still cost their callers only their timeouts, and once the server runs
     * again the late replies to the abandoned commands are dropped, not handed to the next caller.
     */
    @Test
    void aStoppedServerCostsEachCommandItsTimeoutAndItsLateRepliesReachNoOtherCaller() throws Exception {
        try (ControlClient c = newSession("api")) {
            long pid = Long.parseLong(c.execute("display-message -p '#{pid}'", T).getFirst());
            String pad = "x".repeat(1000);
            signal("STOP", pid);
            long t0 = System.nanoTime();
            try {
                CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < 100; i++) {
                        String line = "display-message -p late-" + i + "-" + pad;
                        assertThatThrownBy(() -> c.execute(line, Duration.ofMillis(20)))
                                .isInstanceOf(TmuxException.NoReply.class);
                    }
                }).get(10, TimeUnit.SECONDS);
            } finally {
                signal("CONT", pid);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
            assertThat(c.execute("display-message -p fresh", T)).containsExactly("fresh");
            assertThat(c.execute("display-message -p again", T)).containsExactly("again");
            assertThat(c.isOpen()).isTrue();
        }
    }

    private static void signal(String name, long pid) throws Exception {
        assertThat(new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor()).isZero();
    }

    @Test
    void noServerIsReportedAsSuch() {
        assertThatThrownBy(() -> ControlClient.start(server, System.getenv(), List.of("attach-session", "-t", "=x"),
                listener, T)).isInstanceOf(TmuxException.NoServer.class);
    }

    @Test
    void missingBinary() {
        assertThatThrownBy(() -> ControlClient.start(server.withExecutable("/no/such/tmux"), System.getenv(),
                List.of("attach-session"), listener, T)).isInstanceOf(TmuxException.TmuxMissing.class);
    }
}
