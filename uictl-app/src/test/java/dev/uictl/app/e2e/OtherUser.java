package dev.uictl.app.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A second Unix user, the adversary of the privacy tests: created once (idempotently) with useradd, commands run
 * as it with setpriv and an environment given explicitly. Creating a user needs root, which CI has; elsewhere the
 * tests are skipped, and under CI=true a missing root is a failure, not a skip.
 */
public final class OtherUser {
    public static final String NAME = "uictl-adversary";

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
            Cli.Result made = run(List.of("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                    NAME), Map.of());
            // exit 9: created meanwhile by a concurrent test run
            if (made.exit() != 0 && made.exit() != 9) {
                throw new AssertionError("useradd " + NAME + " failed: " + made.stderr());
            }
        }
    }

    /** Runs {@code argv} as the other user with exactly {@code env} (plus a PATH). */
    public static Cli.Result run(List<String> argv, Map<String, String> env, boolean asOther) {
        List<String> cmd = new ArrayList<>();
        if (asOther) {
            cmd.addAll(List.of("setpriv", "--reuid=" + NAME, "--regid=" + NAME, "--clear-groups", "--"));
        }
        cmd.addAll(argv);
        return run(cmd, env);
    }

    private static Cli.Result run(List<String> cmd, Map<String, String> env) {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin");
        pb.environment().putAll(env);
        return Cli.complete(pb, "", String.join(" ", cmd));
    }
}
