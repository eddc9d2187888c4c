package dev.uictl.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a policy, and a launch under it, collecting every violation. {@link #check} returns the policy with its
 * paths normalized (what the sandbox binds), so callers enforce exactly what was validated.
 */
public final class PolicyValidator {
    private static final Set<String> SHELLS = Set.of("sh", "bash", "zsh", "dash", "fish", "ksh", "ksh93", "mksh",
            "tcsh", "csh", "yash", "busybox", "rbash");
    private static final Set<String> FILTERS = Set.of("all", "none", "snapshot_id", "run_id", "run_timestamps",
            "step_timestamps", "observation_timestamp", "session_id", "events");

    /** A policy that passed: normalized paths, and the violations (empty when accepted). */
    public record Checked(Policy policy, List<Violation> violations) {
        public Checked {
            violations = List.copyOf(violations);
        }

        public boolean accepted() {
            return violations.isEmpty();
        }

        public Policy orThrow() throws PolicyDeniedException {
            if (!violations.isEmpty()) {
                throw new PolicyDeniedException(violations);
            }
            return policy;
        }
    }

    /** A program the policy allows to start: its absolute executable (as allowed), argv and working directory. */
    public record Launch(Path executable, List<String> argv, Path cwd) {
        public Launch {
            argv = List.copyOf(argv);
        }
    }

    private PolicyValidator() {
    }

    /** {@code home} is the caller's home directory (refused as a root), may be null. */
    public static Checked check(Policy policy, Path home) {
        List<Violation> v = new ArrayList<>();
        if (policy.sandbox() == Policy.SandboxMode.NONE) {
            if (!policy.sandboxUnsafeAck()) {
                v.add(new Violation("sandbox_unsafe_ack", Violation.Kind.ACK_REQUIRED,
                        "sandbox: none runs the program unconfined; set sandbox_unsafe_ack: true to accept that"));
            }
            if (!policy.networkUnsafeAck()) {
                v.add(new Violation("network_unsafe_ack", Violation.Kind.ACK_REQUIRED,
                        "without a sandbox the network cannot be cut off; set network_unsafe_ack: true to accept that"));
            }
        }
        if (policy.network() == Policy.NetworkMode.ENABLED && !policy.networkUnsafeAck()) {
            v.add(new Violation("network_unsafe_ack", Violation.Kind.ACK_REQUIRED,
                    "network: enabled needs network_unsafe_ack: true"));
        }
        List<Path> read = roots("fs.allowed_read", policy.fs().allowedRead(), home, v);
        List<Path> write = roots("fs.allowed_write", policy.fs().allowedWrite(), home, v);
        if (!policy.fs().allowedWrite().isEmpty() && !policy.fsWriteUnsafeAck()) {
            v.add(new Violation("fs_write_unsafe_ack", Violation.Kind.ACK_REQUIRED,
                    "fs.allowed_write is not empty: set fs_write_unsafe_ack: true to let the program write there"));
        }
        Path workingDir = null;
        if (policy.fs().workingDir() != null) {
            workingDir = absolute("fs.working_dir", policy.fs().workingDir(), v);
            if (workingDir != null && !PathRules.under(workingDir, read) && !PathRules.under(workingDir, write)) {
                v.add(new Violation("fs.working_dir", Violation.Kind.OUTSIDE_ALLOWLIST,
                        workingDir + " is under neither fs.allowed_read nor fs.allowed_write"));
            }
        }
        List<Path> executables = executables(policy.exec(), v);
        Policy.Env env = env(policy.env(), v);
        Policy.Artifacts artifacts = artifacts(policy.artifacts(), write, v);
        if (policy.replay().normalizationFilters() != null) {
            List<String> filters = policy.replay().normalizationFilters();
            for (int i = 0; i < filters.size(); i++) {
                if (!FILTERS.contains(filters.get(i))) {
                    v.add(new Violation("replay.normalization_filters[" + i + "]", Violation.Kind.INVALID,
                            "unknown filter " + filters.get(i) + "; known: " + String.join(", ", new java.util.TreeSet<>(FILTERS))));
                }
            }
        }
        Policy normalized = policy.withFs(new Policy.Fs(read, write, workingDir), policy.fsWriteUnsafeAck())
                .withExec(new Policy.Exec(executables, policy.exec().allowShell())).withEnv(env).withArtifacts(artifacts);
        return new Checked(normalized, v);
    }

    /**
     * Checks that {@code argv} may start in {@code cwd} under an accepted policy: the program is an allowed executable
     * (a bare name is looked up among them by file name), a shell only with allow_shell, the directory inside the
     * allowlists. Returns the launch with the program's absolute path.
     */
    public static Launch checkLaunch(Policy policy, List<String> argv, Path cwd) throws PolicyDeniedException {
        List<Violation> v = new ArrayList<>();
        Path exe = null;
        if (argv.isEmpty() || argv.getFirst().isEmpty()) {
            v.add(new Violation("command", Violation.Kind.INVALID, "no program to run"));
        } else {
            exe = program(policy, argv.getFirst(), v);
        }
        Path dir = cwd != null ? cwd : policy.fs().workingDir();
        if (dir == null) {
            v.add(new Violation("cwd", Violation.Kind.INVALID, "no working directory: give --cwd DIR "
                    + "(under the sandbox, a directory of fs.allowed_read or fs.allowed_write, e.g. --allow-read DIR) "
                    + "or set fs.working_dir"));
        } else if (!dir.isAbsolute()) {
            v.add(new Violation("cwd", Violation.Kind.NOT_ABSOLUTE, "the working directory must be absolute: " + dir));
        } else {
            dir = dir.normalize();
            if (policy.sandbox() == Policy.SandboxMode.BWRAP && !PathRules.under(dir, policy.fs().allowedRead())
                    && !PathRules.under(dir, policy.fs().allowedWrite())) {
                v.add(new Violation("cwd", Violation.Kind.OUTSIDE_ALLOWLIST, dir + " is outside fs.allowed_read and "
                        + "fs.allowed_write, so the program could not see it; allow it or pick another directory"));
            }
        }
        if (!v.isEmpty()) {
            throw new PolicyDeniedException(v);
        }
        List<String> full = new ArrayList<>(argv);
        full.set(0, exe.toString());
        return new Launch(exe, full, dir);
    }

    private static Path program(Policy policy, String name, List<Violation> v) {
        List<Path> allowed = policy.exec().allowedExecutables();
        if (allowed.isEmpty()) {
            v.add(new Violation("command", Violation.Kind.EXEC_NOT_ALLOWED, "exec.allowed_executables is empty: no "
                    + "program may run; add the absolute path of " + name + " (e.g. --allow-exec "
                    + (name.startsWith("/") ? name : "/usr/bin/" + name) + ")"));
            return null;
        }
        Path exe;
        if (name.indexOf('/') >= 0) {
            exe = Path.of(name).normalize();
            if (!exe.isAbsolute()) {
                v.add(new Violation("command", Violation.Kind.NOT_ABSOLUTE, "the program must be an absolute path or a "
                        + "bare name of an allowed executable, got " + name));
                return null;
            }
            Path real = PathRules.realPath(exe).orElse(exe);
            if (allowed.stream().noneMatch(a -> a.equals(exe) || PathRules.realPath(a).orElse(a).equals(real))) {
                v.add(new Violation("command", Violation.Kind.EXEC_NOT_ALLOWED, exe + " is not in exec.allowed_executables "
                        + allowed));
                return null;
            }
        } else {
            List<Path> named = allowed.stream().filter(a -> a.getFileName().toString().equals(name)).toList();
            if (named.size() != 1) {
                v.add(new Violation("command", Violation.Kind.EXEC_NOT_ALLOWED, named.isEmpty()
                        ? name + " is not in exec.allowed_executables " + allowed
                        : name + " names several allowed executables " + named + "; give the absolute path"));
                return null;
            }
            exe = named.getFirst();
        }
        if (isShell(exe) && !policy.exec().allowShell()) {
            v.add(new Violation("command", Violation.Kind.SHELL_NOT_ALLOWED, exe + " is a shell; set "
                    + "exec.allow_shell: true (--allow-shell) to run one"));
        }
        return exe;
    }

    /** A shell by name (its real file name, so /bin/sh → dash counts) or a {@code .sh} script. */
    public static boolean isShell(Path exe) {
        String own = exe.getFileName().toString();
        String real = PathRules.realPath(exe).map(p -> p.getFileName().toString()).orElse(own);
        return SHELLS.contains(own) || SHELLS.contains(real) || own.endsWith(".sh");
    }

    private static List<Path> roots(String field, List<Path> raw, Path home, List<Violation> v) {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            Path p = PathRules.root(field + "[" + i + "]", raw.get(i), home, v);
            if (p != null && !out.contains(p)) {
                out.add(p);
            }
        }
        out.sort(Comparator.comparingInt(Path::getNameCount).thenComparing(Comparator.naturalOrder()));
        return List.copyOf(out);
    }

    private static Path absolute(String field, Path p, List<Violation> v) {
        if (!p.isAbsolute()) {
            v.add(new Violation(field, Violation.Kind.NOT_ABSOLUTE, "must be an absolute path, got " + p));
            return null;
        }
        return p.normalize();
    }

    private static List<Path> executables(Policy.Exec exec, List<Violation> v) {
        List<Path> out = new ArrayList<>();
        List<Path> raw = exec.allowedExecutables();
        for (int i = 0; i < raw.size(); i++) {
            String field = "exec.allowed_executables[" + i + "]";
            Path p = absolute(field, raw.get(i), v);
            if (p == null) {
                continue;
            }
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                v.add(new Violation(field, Violation.Kind.INVALID, p + " is not an executable file"));
                continue;
            }
            if (isShell(p) && !exec.allowShell()) {
                v.add(new Violation(field, Violation.Kind.SHELL_NOT_ALLOWED, p + " is a shell, which runs anything; "
                        + "allowing it needs exec.allow_shell: true"));
                continue;
            }
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return List.copyOf(out);
    }

    private static Policy.Env env(Policy.Env env, List<Violation> v) {
        List<String> allow = new ArrayList<>();
        for (int i = 0; i < env.allowlist().size(); i++) {
            String name = env.allowlist().get(i);
            String field = "env.allowlist[" + i + "]";
            if (!EnvRules.validName(name)) {
                v.add(new Violation(field, Violation.Kind.INVALID, "not an environment variable name: " + name));
            } else if (EnvRules.dangerous(name)) {
                v.add(new Violation(field, Violation.Kind.DANGEROUS_ENV, name + " makes programs load or run code the "
                        + "policy did not name; it is never passed"));
            } else if (!allow.contains(name)) {
                allow.add(name);
            }
        }
        Map<String, String> set = new LinkedHashMap<>();
        env.set().forEach((name, value) -> {
            String field = "env.set." + name;
            if (!EnvRules.validName(name)) {
                v.add(new Violation(field, Violation.Kind.INVALID, "not an environment variable name: " + name));
            } else if (EnvRules.dangerous(name)) {
                v.add(new Violation(field, Violation.Kind.DANGEROUS_ENV, name + " makes programs load or run code the "
                        + "policy did not name; it is never passed"));
            } else if (!env.allowlist().contains(name)) {
                v.add(new Violation(field, Violation.Kind.ENV_NOT_ALLOWLISTED, name + " is set but not in env.allowlist"));
            } else if (value.indexOf('\0') >= 0 || value.length() > 32_768) {
                v.add(new Violation(field, Violation.Kind.INVALID, "a value is at most 32768 characters without NUL"));
            } else {
                set.put(name, value);
            }
        });
        return new Policy.Env(allow, set, env.inherit());
    }

    private static Policy.Artifacts artifacts(Policy.Artifacts a, List<Path> write, List<Violation> v) {
        if (!a.enabled() && a.dir() == null) {
            return a;
        }
        if (a.dir() == null) {
            v.add(new Violation("artifacts.dir", Violation.Kind.INVALID, "artifacts.enabled needs artifacts.dir"));
            return a;
        }
        Path dir = absolute("artifacts.dir", a.dir(), v);
        if (dir != null && !PathRules.under(dir, write)) {
            v.add(new Violation("artifacts.dir", Violation.Kind.OUTSIDE_ALLOWLIST, dir + " is not under fs.allowed_write"));
        }
        return new Policy.Artifacts(a.enabled(), dir, a.overwrite());
    }
}
