package dev.uictl.sandbox;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a policy from a JSON/YAML document already parsed into plain Java values (maps, lists, strings, numbers,
 * booleans), collecting every problem instead of stopping at the first. Field names are ours, which are tui-use's
 * (ptybox's policy files load unchanged; its {@code policy_version} 3 and 4 are accepted as the same layout);
 * missing fields take the deny-by-default values of {@link Policy#defaults()}.
 */
public final class PolicyParser {
    /** Versions whose layout this parser reads: ours (1) and tui-use/ptybox's (3, 4). */
    public static final Set<Integer> ACCEPTED_VERSIONS = Set.of(Policy.VERSION, 3, 4);
    private static final Set<String> TOP = Set.of("policy_version", "sandbox", "sandbox_unsafe_ack", "network",
            "network_unsafe_ack", "fs", "fs_write_unsafe_ack", "fs_strict_write", "exec", "env",
            "budgets", "artifacts", "replay", "$schema", "description");
    private static final Set<String> FS = Set.of("allowed_read", "allowed_write", "working_dir");
    private static final Set<String> EXEC = Set.of("allowed_executables", "allow_shell");
    private static final Set<String> ENV = Set.of("allowlist", "set", "inherit");
    private static final Set<String> BUDGETS = Set.of("max_runtime_ms", "max_steps", "max_output_bytes",
            "max_snapshot_bytes", "max_wait_ms");
    private static final Set<String> ARTIFACTS = Set.of("enabled", "dir", "overwrite");
    private static final Set<String> REPLAY = Set.of("strict", "normalization_filters", "normalization_rules");
    private static final Set<String> RULE = Set.of("target", "pattern", "replace");
    /** Upper bound of every list in a policy: a policy names a few paths, not thousands. */
    static final int MAX_LIST = 256;

    /** What was read: the policy (defaults where a field was missing or bad) and every problem met. */
    public record Parsed(Policy policy, List<Violation> violations) {
        public Parsed {
            violations = List.copyOf(violations);
        }

        public Policy orThrow() throws PolicyDeniedException {
            if (!violations.isEmpty()) {
                throw new PolicyDeniedException(violations);
            }
            return policy;
        }
    }

    private final List<Violation> violations = new ArrayList<>();

    private PolicyParser() {
    }

    public static Parsed parse(Object document) {
        return new PolicyParser().read(document);
    }

    private Parsed read(Object document) {
        Policy d = Policy.defaults();
        if (!(document instanceof Map<?, ?> root)) {
            violations.add(new Violation("$", Violation.Kind.INVALID, "a policy is a JSON/YAML object"));
            return new Parsed(d, violations);
        }
        unknown("", root, TOP);
        int version = (int) number(root, "", "policy_version", Policy.VERSION, 0, Integer.MAX_VALUE);
        if (root.containsKey("policy_version") && !ACCEPTED_VERSIONS.contains(version)) {
            violations.add(new Violation("policy_version", Violation.Kind.UNSUPPORTED_VERSION,
                    "policy_version " + version + " is not supported; write 1 (tui-use's 3 and 4 are read the same way)"));
        }
        Policy.SandboxMode sandbox = sandbox(root.get("sandbox"));
        Policy.NetworkMode network = network(root.get("network"));
        Map<?, ?> fsMap = object(root, "", "fs");
        Policy.Fs fs = new Policy.Fs(paths(fsMap, "fs.", "allowed_read"), paths(fsMap, "fs.", "allowed_write"),
                path(fsMap, "fs.", "working_dir"));
        unknown("fs.", fsMap, FS);
        Map<?, ?> execMap = object(root, "", "exec");
        unknown("exec.", execMap, EXEC);
        Policy.Exec exec = new Policy.Exec(paths(execMap, "exec.", "allowed_executables"),
                bool(execMap, "exec.", "allow_shell", false));
        Map<?, ?> envMap = object(root, "", "env");
        unknown("env.", envMap, ENV);
        Policy.Env env = new Policy.Env(strings(envMap, "env.", "allowlist"), stringMap(envMap, "env.", "set"),
                bool(envMap, "env.", "inherit", false));
        Map<?, ?> b = object(root, "", "budgets");
        unknown("budgets.", b, BUDGETS);
        Policy.Budgets db = Policy.Budgets.DEFAULT;
        Policy.Budgets budgets = new Policy.Budgets(
                number(b, "budgets.", "max_runtime_ms", db.maxRuntimeMs(), 1, 86_400_000L),
                number(b, "budgets.", "max_steps", db.maxSteps(), 1, 1_000_000L),
                number(b, "budgets.", "max_output_bytes", db.maxOutputBytes(), 1, 1L << 32),
                number(b, "budgets.", "max_snapshot_bytes", db.maxSnapshotBytes(), 1, 1L << 30),
                number(b, "budgets.", "max_wait_ms", db.maxWaitMs(), 1, 3_600_000L));
        Map<?, ?> a = object(root, "", "artifacts");
        unknown("artifacts.", a, ARTIFACTS);
        Policy.Artifacts artifacts = new Policy.Artifacts(bool(a, "artifacts.", "enabled", false),
                path(a, "artifacts.", "dir"), bool(a, "artifacts.", "overwrite", false));
        Map<?, ?> r = object(root, "", "replay");
        unknown("replay.", r, REPLAY);
        Policy.Replay replay = new Policy.Replay(bool(r, "replay.", "strict", false),
                r.get("normalization_filters") == null ? null : strings(r, "replay.", "normalization_filters"),
                rules(r.get("normalization_rules")));
        Policy policy = new Policy(version, sandbox, bool(root, "", "sandbox_unsafe_ack", false), network,
                bool(root, "", "network_unsafe_ack", false), fs, bool(root, "", "fs_write_unsafe_ack", false), exec, env,
                budgets, artifacts, replay);
        // tui-use's fs_strict_write: any write (the artifacts too) needs the write acknowledgement.
        if (bool(root, "", "fs_strict_write", false) && artifacts.enabled() && !policy.fsWriteUnsafeAck()) {
            violations.add(new Violation("fs_write_unsafe_ack", Violation.Kind.ACK_REQUIRED,
                    "fs_strict_write is set and artifacts are enabled: writing them needs fs_write_unsafe_ack: true"));
        }
        return new Parsed(policy, violations);
    }

    private Policy.SandboxMode sandbox(Object value) {
        if (value == null) {
            return Policy.SandboxMode.BWRAP;
        }
        return switch (String.valueOf(value)) {
            case "bwrap" -> Policy.SandboxMode.BWRAP;
            case "none" -> Policy.SandboxMode.NONE;
            case "seatbelt" -> {
                violations.add(new Violation("sandbox", Violation.Kind.INVALID,
                        "seatbelt is macOS only; on Linux write sandbox: bwrap"));
                yield Policy.SandboxMode.BWRAP;
            }
            default -> {
                violations.add(new Violation("sandbox", Violation.Kind.INVALID,
                        "sandbox must be bwrap or none, got " + describe(value)));
                yield Policy.SandboxMode.BWRAP;
            }
        };
    }

    private Policy.NetworkMode network(Object value) {
        if (value == null) {
            return Policy.NetworkMode.DISABLED;
        }
        return switch (String.valueOf(value)) {
            case "disabled" -> Policy.NetworkMode.DISABLED;
            case "enabled" -> Policy.NetworkMode.ENABLED;
            default -> {
                violations.add(new Violation("network", Violation.Kind.INVALID,
                        "network must be disabled or enabled, got " + describe(value)));
                yield Policy.NetworkMode.DISABLED;
            }
        };
    }

    private List<Policy.NormalizationRule> rules(Object value) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof List<?> list) || list.size() > MAX_LIST) {
            violations.add(new Violation("replay.normalization_rules", Violation.Kind.INVALID,
                    "normalization_rules must be a list of at most " + MAX_LIST + " {target, pattern, replace} objects"));
            return null;
        }
        List<Policy.NormalizationRule> rules = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String at = "replay.normalization_rules[" + i + "].";
            if (!(list.get(i) instanceof Map<?, ?> m)) {
                violations.add(new Violation(at.substring(0, at.length() - 1), Violation.Kind.INVALID,
                        "a rule is an object {target, pattern, replace}"));
                continue;
            }
            unknown(at, m, RULE);
            String target = string(m, at, "target");
            if (target != null && !target.equals("transcript") && !target.equals("snapshot_lines")) {
                violations.add(new Violation(at + "target", Violation.Kind.INVALID,
                        "target must be transcript or snapshot_lines, got " + target));
            }
            String pattern = string(m, at, "pattern");
            if (pattern != null) {
                try {
                    java.util.regex.Pattern.compile(pattern);
                } catch (java.util.regex.PatternSyntaxException e) {
                    violations.add(new Violation(at + "pattern", Violation.Kind.INVALID,
                            "not a valid regular expression: " + e.getDescription()));
                }
            }
            String replace = m.get("replace") == null ? "" : string(m, at, "replace");
            rules.add(new Policy.NormalizationRule(target, pattern, replace));
        }
        return rules;
    }

    private Map<?, ?> object(Map<?, ?> parent, String prefix, String key) {
        Object v = parent.get(key);
        if (v == null) {
            return Map.of();
        }
        if (v instanceof Map<?, ?> m) {
            return m;
        }
        violations.add(new Violation(prefix + key, Violation.Kind.INVALID, key + " must be an object, got " + describe(v)));
        return Map.of();
    }

    private void unknown(String prefix, Map<?, ?> map, Set<String> known) {
        for (Object k : map.keySet()) {
            if (!known.contains(String.valueOf(k))) {
                violations.add(new Violation(prefix + k, Violation.Kind.UNKNOWN_FIELD,
                        "unknown field; known here: " + String.join(", ", new java.util.TreeSet<>(known))));
            }
        }
    }

    private boolean bool(Map<?, ?> map, String prefix, String key, boolean fallback) {
        Object v = map.get(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        violations.add(new Violation(prefix + key, Violation.Kind.INVALID, key + " must be true or false, got " + describe(v)));
        return fallback;
    }

    private long number(Map<?, ?> map, String prefix, String key, long fallback, long min, long max) {
        Object v = map.get(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Number n && (n instanceof Integer || n instanceof Long || n instanceof Short
                || n instanceof java.math.BigInteger && n.toString().length() < 19)) {
            long value = n.longValue();
            if (value >= min && value <= max) {
                return value;
            }
            violations.add(new Violation(prefix + key, Violation.Kind.OUT_OF_RANGE,
                    key + " must be between " + min + " and " + max + ", got " + value));
            return fallback;
        }
        violations.add(new Violation(prefix + key, Violation.Kind.INVALID, key + " must be an integer, got " + describe(v)));
        return fallback;
    }

    private String string(Map<?, ?> map, String prefix, String key) {
        Object v = map.get(key);
        if (v == null) {
            violations.add(new Violation(prefix + key, Violation.Kind.INVALID, key + " is required"));
            return null;
        }
        if (v instanceof String s) {
            return s;
        }
        violations.add(new Violation(prefix + key, Violation.Kind.INVALID, key + " must be a string, got " + describe(v)));
        return null;
    }

    private List<String> strings(Map<?, ?> map, String prefix, String key) {
        Object v = map.get(key);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?> list) || list.size() > MAX_LIST) {
            violations.add(new Violation(prefix + key, Violation.Kind.INVALID,
                    key + " must be a list of at most " + MAX_LIST + " strings"));
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) instanceof String s) {
                out.add(s);
            } else {
                violations.add(new Violation(prefix + key + "[" + i + "]", Violation.Kind.INVALID,
                        "must be a string, got " + describe(list.get(i))));
            }
        }
        return out;
    }

    private Map<String, String> stringMap(Map<?, ?> map, String prefix, String key) {
        Map<?, ?> m = object(map, prefix, key);
        Map<String, String> out = new LinkedHashMap<>();
        if (m.size() > MAX_LIST) {
            violations.add(new Violation(prefix + key, Violation.Kind.INVALID, key + " holds at most " + MAX_LIST + " entries"));
            return out;
        }
        m.forEach((k, v) -> {
            if (v instanceof String s) {
                out.put(String.valueOf(k), s);
            } else if (v instanceof Number || v instanceof Boolean) {
                out.put(String.valueOf(k), String.valueOf(v));
            } else {
                violations.add(new Violation(prefix + key + "." + k, Violation.Kind.INVALID,
                        "must be a string, got " + describe(v)));
            }
        });
        return out;
    }

    private List<Path> paths(Map<?, ?> map, String prefix, String key) {
        List<Path> out = new ArrayList<>();
        List<String> raw = strings(map, prefix, key);
        for (int i = 0; i < raw.size(); i++) {
            Path p = toPath(prefix + key + "[" + i + "]", raw.get(i));
            if (p != null) {
                out.add(p);
            }
        }
        return out;
    }

    private Path path(Map<?, ?> map, String prefix, String key) {
        Object v = map.get(key);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s)) {
            violations.add(new Violation(prefix + key, Violation.Kind.INVALID, key + " must be a path string, got " + describe(v)));
            return null;
        }
        return toPath(prefix + key, s);
    }

    private Path toPath(String field, String raw) {
        if (raw.isEmpty() || raw.indexOf('\0') >= 0 || raw.length() > 4096) {
            violations.add(new Violation(field, Violation.Kind.INVALID, "a path must be 1..4096 characters without NUL"));
            return null;
        }
        try {
            return Path.of(raw);
        } catch (InvalidPathException e) {
            violations.add(new Violation(field, Violation.Kind.INVALID, "not a path: " + e.getReason()));
            return null;
        }
    }

    private static String describe(Object v) {
        return v instanceof String s ? "\"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\""
                : v instanceof Map ? "an object" : v instanceof List ? "a list" : String.valueOf(v);
    }
}
