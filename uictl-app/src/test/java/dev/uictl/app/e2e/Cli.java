package dev.uictl.app.e2e;

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
    }

    public static boolean built() {
        return Files.isExecutable(HOME.resolve("build/uictl-java")) && Files.exists(HOME.resolve("build/launch.args"));
    }

    public ProcessBuilder builder(Map<String, String> extraEnv, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(HOME.resolve("bin/uictl").toString());
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
        try {
            Process p = builder(env, args).start();
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
                throw new AssertionError("uictl " + String.join(" ", args) + " did not finish");
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
