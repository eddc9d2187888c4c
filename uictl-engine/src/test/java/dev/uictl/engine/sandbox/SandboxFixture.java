package dev.uictl.engine.sandbox;

import dev.uictl.sandbox.Sandbox;
import dev.uictl.testkit.Requires;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;

/**
 * What the sandbox tests need: bwrap, the exec helper compiled from the module's C source (so the tests do not
 * depend on scripts/setup having run), and a world-readable scratch tree an unprivileged user can use too.
 */
final class SandboxFixture implements AutoCloseable {
    final Path root;
    final Path helper;

    SandboxFixture() throws IOException, InterruptedException {
        Requires.program("bwrap");
        Requires.program("cc");
        root = Files.createTempDirectory("uictl-sbx-test-");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        helper = root.resolve("uictl-sandbox-exec");
        Path source = Path.of("..", "uictl-sandbox", "src", "main", "c", "uictl-sandbox-exec.c").toAbsolutePath();
        Process cc = new ProcessBuilder("cc", "-O2", "-Wall", "-o", helper.toString(), source.toString())
                .redirectErrorStream(true).start();
        String out = new String(cc.getInputStream().readAllBytes());
        if (!cc.waitFor(60, TimeUnit.SECONDS) || cc.exitValue() != 0) {
            throw new AssertionError("compiling the exec helper failed: " + out);
        }
    }

    Sandboxes sandboxes() {
        return new Sandboxes(Sandbox.Tools.locate(System.getenv("PATH"), helper));
    }

    Path dir(String name, String mode) throws IOException {
        Path d = Files.createDirectories(root.resolve(name));
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString(mode));
        return d;
    }

    @Override
    public void close() throws IOException {
        try (var walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
