package dev.uictl.engine.desktop.env;

import dev.uictl.core.call.Deadline;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * Starts a desktop process as the leader of a new session with its output in a log file and a readiness pipe on
 * file descriptor 3. The pipe is the process's own announcement (Xvfb {@code -displayfd 3}, dbus-daemon
 * {@code --print-address=3}), so readiness is an event, never a guess; stdout and stderr go to the log, which
 * keeps the process alive after the JVM that started it has gone (no write can hit a closed pipe but fd 3).
 */
final class Spawner {
    private final Map<String, String> baseEnv;

    Spawner(Map<String, String> baseEnv) {
        this.baseEnv = baseEnv;
    }

    /** A started process and its readiness pipe. */
    record Started(String role, Process process, BufferedReader ready, Path log) {
        ManagedProcess managed() {
            return ManagedProcess.of(role, process.pid());
        }

        /**
         * The first line on the readiness pipe that satisfies {@code accept}; empty when the process closed the
         * pipe or exited first. Throws {@link TimeoutException} past the step's deadline and
         * {@link dev.uictl.core.call.Cancellation.CancelledException} as soon as the call is cancelled.
         */
        Optional<String> awaitLine(Predicate<String> accept, Deadline step, StartupClock clock)
                throws TimeoutException {
            CompletableFuture<Optional<String>> line = CompletableFuture.supplyAsync(() -> {
                try {
                    for (String l = ready.readLine(); l != null; l = ready.readLine()) {
                        if (accept.test(l.strip())) {
                            return Optional.of(l.strip());
                        }
                    }
                    return Optional.empty();
                } catch (IOException e) {
                    return Optional.empty();
                }
            }, Thread::startVirtualThread);
            try {
                for (long slice = clock.slice(step); ; slice = clock.slice(step)) {
                    if (slice <= 0) {
                        throw new TimeoutException("no readiness line");
                    }
                    try {
                        return line.get(slice, TimeUnit.MILLISECONDS);
                    } catch (TimeoutException notYet) {
                        // the next slice checks the call's cancellation and the step's deadline
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TimeoutException("interrupted");
            } catch (ExecutionException e) {
                return Optional.empty();
            }
        }
    }

    Started start(String role, List<String> argv, Map<String, String> env, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of("setsid", "sh", "-c",
                "log=$1; shift; exec \"$@\" 3>&1 1>>\"$log\" 2>&1", "sh", log.toString()));
        command.addAll(argv);
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().clear();
        pb.environment().putAll(baseEnv);
        pb.environment().putAll(env);
        Process p = pb.start();
        return new Started(role, p, new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8)), log);
    }
}
