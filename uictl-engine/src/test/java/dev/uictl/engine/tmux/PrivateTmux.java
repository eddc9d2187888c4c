package dev.uictl.engine.tmux;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private tmux server (socket in its own temporary directory), a {@link TmuxService} addressing it, and the
 * plain tmux CLI as an independent oracle. {@link #close()} ends the service, kills the server and removes the
 * directory.
 */
final class PrivateTmux implements AutoCloseable {
    final Path dir;
    final Path socket;
    final ServerChoice choice;
    final TmuxService service = new TmuxService();

    PrivateTmux() throws IOException {
        dir = Files.createTempDirectory(Path.of("/tmp"), "uictl-tmux-");
        socket = dir.resolve("sock");
        choice = new ServerChoice(null, socket.toString());
    }

    CallContext call(Duration timeout) {
        return call(Deadline.after(timeout), Cancellation.NEVER);
    }

    CallContext call(Deadline deadline, Cancellation cancellation) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("TMUX");
        return new CallContext() {
            @Override
            public Path cwd() {
                return dir;
            }

            @Override
            public Map<String, String> env() {
                return env;
            }

            @Override
            public String session() {
                return "test";
            }

            @Override
            public Deadline deadline() {
                return deadline;
            }

            @Override
            public Cancellation cancellation() {
                return cancellation;
            }

            @Override
            public void onDisconnect(Runnable cleanup) {
            }
        };
    }

    /** Runs the tmux CLI against this server (the oracle) and returns its stdout. */
    String cli(String... args) {
        try {
            Process p = new ProcessBuilder(Stream.concat(Stream.of("tmux", "-S", socket.toString()), Stream.of(args))
                    .toList()).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The fake agent's command line, logging to {@code log} and reading {@code control}. */
    static String fakeAgent(Path log, Path control) {
        Path script = Path.of("..", "fixtures", "fake_agent.py").toAbsolutePath().normalize();
        return "python3 " + script + " --log " + log + " --control " + control;
    }

    @Override
    public void close() throws IOException {
        service.close();
        cli("kill-server");
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    static List<String> lines(String s) {
        return s.lines().toList();
    }
}
