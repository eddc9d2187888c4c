package dev.uictl.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The one guard for a test's outside dependency (a program, the built client, root). Missing on a developer's
 * machine, the test is skipped with a message naming it; under CI ({@code CI=true}) a missing dependency fails the
 * test with that message instead, so CI can never turn green without testing.
 */
public final class Requires {
    private Requires() {
    }

    /** Passes when {@code present}; otherwise skips (locally) or fails (CI) naming {@code dependency}. */
    public static void that(boolean present, String dependency) {
        if (present) {
            return;
        }
        String message = "missing test dependency: " + dependency;
        if (underCi()) {
            throw new AssertionError(message + " (CI=true: a missing dependency is a failure, not a skip)");
        }
        Assumptions.abort(message);
    }

    /** An executable named {@code program} on the PATH (or an absolute path to one). */
    public static void program(String program) {
        that(onPath(program), "the program '" + program + "' (install it; scripts/setup lists the packages)");
    }

    public static boolean onPath(String program) {
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program));
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    public static boolean underCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }
}
