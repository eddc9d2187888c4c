package dev.uictl.app.e2e;

import dev.uictl.testkit.Requires;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the built bin/uictl as a separate process with one of the two clients and a private runtime dir. */
public record Cli(String client, Path runtimeDir) {
    public static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    public record Result(int exit, String stdout, String stderr) {
        /** The one envelope the call printed, checked against the contract (schema, exit code). */
        public tools.jackson.databind.JsonNode envelope() {
            return dev.uictl.app.ContractAssert.envelope(new dev.uictl.app.UictlRun.Output(exit, stdout, stderr));
        }
    }

    /** A client run as "c" must really be the C client: bin/uictl would otherwise quietly run the Java one. */
    public Cli {
        if ("c".equals(client)) {
            Requires.that(Files.isExecutable(HOME.resolve("build/uictl-c")),
                    "the C client build/uictl-c (scripts/setup builds it with cc)");
        }
    }

    public static boolean built() {
        return Files.isExecutable(HOME.resolve("build/uictl-java")) && Files.exists(HOME.resolve("build/launch.args"));
    }

    /** The end-to-end tests run the built tool: skipped locally, failed under CI=true, when it is not built. */
    public static void requireBuilt() {
        Requires.that(built(), "the built uictl (build/uictl-java and build/launch.args: run scripts/setup)");
    }

    public ProcessBuilder builder(Map<String, String> extraEnv, String... args) {
        return builder(HOME, extraEnv, args);
    }

    /** The command line of the installation at {@code home} (a test's private copy, or {@link #HOME}). */
    ProcessBuilder builder(Path home, Map<String, String> extraEnv, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(home.resolve("bin/uictl").toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("UICTL_RUNTIME_DIR", runtimeDir.toString());
        pb.environment().put("UICTL_CLIENT", client);
        pb.environment().remove("UICTL_FORMAT");
        pb.environment().remove("DISPLAY");
        pb.environment().putAll(extraEnv);
        return pb;
    }

    public Result run(String... args) {
        return run(Map.of(), "", args);
    }

    public Result run(Map<String, String> env, String stdin, String... args) {
        return complete(builder(env, args), stdin, "uictl " + String.join(" ", args));
    }

    /** Starts {@code pb}, feeds it {@code stdin} and collects its exit code and output (60 s at most). */
    static Result complete(ProcessBuilder pb, String stdin, String what) {
        try {
            Process p = pb.start();
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            var errBytes = new java.util.concurrent.CompletableFuture<byte[]>();
            Thread.ofVirtual().start(() -> {
                try {
                    errBytes.complete(p.getErrorStream().readAllBytes());
                } catch (IOException e) {
                    errBytes.complete(new byte[0]);
                }
            });
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(what + " did not finish");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                    new String(errBytes.join(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Stops the daemon a test class started on its private desktop (its runtime dir), if uictl is built. */
    public static void stopDaemonOf(dev.uictl.app.PrivateDesktopExtension desktop) {
        if (built()) {
            new Cli("c", desktop.runtimeDir()).run(desktop.env(), "", "daemon", "stop");
        }
    }

    /** Stops the daemon of a test's private runtime directory and removes the directory. */
    public static void stopAndRemove(Path runtimeDir) throws IOException {
        if (runtimeDir == null) {
            return;
        }
        new Cli("c", runtimeDir).run("daemon", "stop");
        try (var files = Files.walk(runtimeDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    public long daemonPid() throws IOException {
        try (var files = Files.list(runtimeDir)) {
            Path pidFile = files.filter(f -> f.getFileName().toString().endsWith(".pid")).findFirst().orElseThrow();
            return Long.parseLong(Files.readString(pidFile).trim());
        }
    }

    public Path socket() {
        return runtimeDir.resolve("daemon-nodisplay.sock");
    }
}
