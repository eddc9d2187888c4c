package dev.uictl.app.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A second Unix user, the adversary of the privacy tests: created once (idempotently) with useradd, commands run
 * as it with setpriv and an environment given explicitly. Creating a user needs root, which CI has; elsewhere the
 * tests are skipped, and under CI=true a missing root is a failure, not a skip.
 */
public final class OtherUser {
    public static final String NAME = "uictl-adversary";

    public record Result(int exit, String stdout, String stderr) {
    }

    private OtherUser() {
    }

    /** Makes sure the user exists; skips (or fails under CI) when this process cannot create users. */
    public static void require() {
        boolean root = "0".equals(run(List.of("id", "-u"), Map.of()).stdout().strip());
        if (!root && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("the privacy tests need root to create a second user (CI=true)");
        }
        assumeTrue(root, "the privacy tests need root to create a second user");
        if (run(List.of("id", "-u", NAME), Map.of()).exit() != 0) {
            Result made = run(List.of("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                    NAME), Map.of());
            // exit 9: created meanwhile by a concurrent test run
            if (made.exit() != 0 && made.exit() != 9) {
                throw new AssertionError("useradd " + NAME + " failed: " + made.stderr());
            }
        }
    }

    /** Runs {@code argv} as the other user with exactly {@code env} (plus a PATH). */
    public static Result run(List<String> argv, Map<String, String> env, boolean asOther) {
        List<String> cmd = new ArrayList<>();
        if (asOther) {
            cmd.addAll(List.of("setpriv", "--reuid=" + NAME, "--regid=" + NAME, "--clear-groups", "--"));
        }
        cmd.addAll(argv);
        return run(cmd, env);
    }

    private static Result run(List<String> cmd, Map<String, String> env) {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(
                new java.io.File("/dev/null")));
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin");
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            var err = new java.util.concurrent.CompletableFuture<byte[]>();
            Thread.ofVirtual().start(() -> {
                try {
                    err.complete(p.getErrorStream().readAllBytes());
                } catch (IOException e) {
                    err.complete(new byte[0]);
                }
            });
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(cmd + " did not finish");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                    new String(err.join(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
