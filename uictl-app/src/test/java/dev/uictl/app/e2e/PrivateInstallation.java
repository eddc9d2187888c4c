package dev.uictl.app.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A private copy of the built installation in a temporary directory: bin/uictl is a copy of the C client (it finds
 * its home from its own path), build/ links to the built files but has its own build id, and the launchers name the
 * copy as home. Rewriting its build id, or running it beside another copy, touches no other test.
 */
record PrivateInstallation(Path home) {

    static PrivateInstallation of(Path from) throws IOException {
        Path to = Files.createTempDirectory(Path.of("/tmp"), "uictl-home");
        Files.createDirectories(to.resolve("bin"));
        Files.copy(from.resolve("bin/uictl"), to.resolve("bin/uictl"));
        Path build = Files.createDirectories(to.resolve("build"));
        try (Stream<Path> files = Files.list(from.resolve("build"))) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                switch (name) {
                    case "build-id" -> Files.copy(f, build.resolve(name));
                    case "launch.args", "uictl-java" -> Files.writeString(build.resolve(name), Files.readString(f)
                            .replace("-Duictl.home=" + from, "-Duictl.home=" + to));
                    default -> Files.createSymbolicLink(build.resolve(name), f);
                }
            }
        }
        build.resolve("uictl-java").toFile().setExecutable(true);
        return new PrivateInstallation(to);
    }

    /** What set-up does to the build id when it rebuilds. */
    void rebuild(String buildId) throws IOException {
        Files.writeString(home.resolve("build/build-id"), buildId + "\n");
    }

    Cli.Result run(String client, Path runtimeDir, String... args) {
        return Cli.complete(new Cli(client, runtimeDir).builder(home, java.util.Map.of(), args), "",
                home + "/bin/uictl " + String.join(" ", args));
    }

    static void remove(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
