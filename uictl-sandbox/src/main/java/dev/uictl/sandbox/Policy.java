package dev.uictl.sandbox;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a sandboxed program may do (policy_version 1). Deny by default: {@link #defaults()} runs under bwrap with no
 * network, no readable or writable paths beyond the system baseline, no executables and an empty environment.
 * A policy is only a description; {@link PolicyValidator} says whether it is acceptable and {@link BwrapLaunch}
 * turns an accepted one into the command line that enforces it.
 */
public record Policy(int policyVersion, SandboxMode sandbox, boolean sandboxUnsafeAck, NetworkMode network,
                     boolean networkUnsafeAck, Fs fs, boolean fsWriteUnsafeAck, Exec exec, Env env, Budgets budgets,
                     Artifacts artifacts, Replay replay) {
    public static final int VERSION = 1;

    public enum SandboxMode {
        BWRAP, NONE;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public enum NetworkMode {
        DISABLED, ENABLED;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Absolute paths as written (normalized by {@link PolicyValidator#normalize}); {@code workingDir} may be null. */
    public record Fs(List<Path> allowedRead, List<Path> allowedWrite, Path workingDir) {
        public Fs {
            allowedRead = List.copyOf(allowedRead);
            allowedWrite = List.copyOf(allowedWrite);
        }

        public Optional<Path> workingDirectory() {
            return Optional.ofNullable(workingDir);
        }
    }

    public record Exec(List<Path> allowedExecutables, boolean allowShell) {
        public Exec {
            allowedExecutables = List.copyOf(allowedExecutables);
        }
    }

    /** {@code set} keys must be in {@code allowlist}; {@code inherit} copies only allowlisted variables. */
    public record Env(List<String> allowlist, Map<String, String> set, boolean inherit) {
        public Env {
            allowlist = List.copyOf(allowlist);
            set = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(set));
        }
    }

    public record Budgets(long maxRuntimeMs, long maxSteps, long maxOutputBytes, long maxSnapshotBytes,
                          long maxWaitMs) {
        public static final Budgets DEFAULT = new Budgets(60_000, 10_000, 8L << 20, 2L << 20, 10_000);
    }

    /** {@code dir} may be null (required when enabled). */
    public record Artifacts(boolean enabled, Path dir, boolean overwrite) {
        public static final Artifacts DEFAULT = new Artifacts(false, null, false);

        public Optional<Path> directory() {
            return Optional.ofNullable(dir);
        }
    }

    /**
     * Replay settings, kept as data for the replay engine: filter names ({@code snapshot_id}, {@code run_id}, …)
     * and regex rules. Null lists mean "not set" (the replay default applies).
     */
    public record Replay(boolean strict, List<String> normalizationFilters, List<NormalizationRule> normalizationRules) {
        public static final Replay DEFAULT = new Replay(false, null, null);

        public Replay {
            normalizationFilters = normalizationFilters == null ? null : List.copyOf(normalizationFilters);
            normalizationRules = normalizationRules == null ? null : List.copyOf(normalizationRules);
        }
    }

    /** {@code target} is {@code transcript} or {@code snapshot_lines}. */
    public record NormalizationRule(String target, String pattern, String replace) {
    }

    public Policy {
        java.util.Objects.requireNonNull(sandbox, "sandbox");
        java.util.Objects.requireNonNull(network, "network");
        java.util.Objects.requireNonNull(fs, "fs");
        java.util.Objects.requireNonNull(exec, "exec");
        java.util.Objects.requireNonNull(env, "env");
        java.util.Objects.requireNonNull(budgets, "budgets");
        java.util.Objects.requireNonNull(artifacts, "artifacts");
        java.util.Objects.requireNonNull(replay, "replay");
    }

    /** Deny everything: bwrap, no network, nothing readable/writable/executable beyond the baseline, empty env. */
    public static Policy defaults() {
        return new Policy(VERSION, SandboxMode.BWRAP, false, NetworkMode.DISABLED, false,
                new Fs(List.of(), List.of(), null), false, new Exec(List.of(), false),
                new Env(List.of(), Map.of(), false), Budgets.DEFAULT, Artifacts.DEFAULT, Replay.DEFAULT);
    }

    public Policy withSandbox(SandboxMode mode, boolean ack) {
        return new Policy(policyVersion, mode, ack, network, networkUnsafeAck, fs, fsWriteUnsafeAck, exec, env, budgets,
                artifacts, replay);
    }

    public Policy withNetwork(NetworkMode mode, boolean ack) {
        return new Policy(policyVersion, sandbox, sandboxUnsafeAck, mode, ack, fs, fsWriteUnsafeAck, exec, env, budgets,
                artifacts, replay);
    }

    public Policy withFs(Fs value, boolean writeAck) {
        return new Policy(policyVersion, sandbox, sandboxUnsafeAck, network, networkUnsafeAck, value, writeAck, exec, env,
                budgets, artifacts, replay);
    }

    public Policy withExec(Exec value) {
        return new Policy(policyVersion, sandbox, sandboxUnsafeAck, network, networkUnsafeAck, fs, fsWriteUnsafeAck, value,
                env, budgets, artifacts, replay);
    }

    public Policy withEnv(Env value) {
        return new Policy(policyVersion, sandbox, sandboxUnsafeAck, network, networkUnsafeAck, fs, fsWriteUnsafeAck, exec,
                value, budgets, artifacts, replay);
    }

    public Policy withArtifacts(Artifacts value) {
        return new Policy(policyVersion, sandbox, sandboxUnsafeAck, network, networkUnsafeAck, fs, fsWriteUnsafeAck, exec,
                env, budgets, value, replay);
    }

    public Policy withBudgets(Budgets value) {
        return new Policy(policyVersion, sandbox, sandboxUnsafeAck, network, networkUnsafeAck, fs, fsWriteUnsafeAck, exec,
                env, value, artifacts, replay);
    }
}
