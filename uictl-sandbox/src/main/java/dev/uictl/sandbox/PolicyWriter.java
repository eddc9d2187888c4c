package dev.uictl.sandbox;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A policy as the plain JSON-ready map {@link PolicyParser} reads back (for policy.json artifacts and explain output). */
public final class PolicyWriter {
    private PolicyWriter() {
    }

    public static Map<String, Object> toMap(Policy p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("policy_version", p.policyVersion());
        m.put("sandbox", p.sandbox().wire());
        m.put("sandbox_unsafe_ack", p.sandboxUnsafeAck());
        m.put("network", p.network().wire());
        m.put("network_unsafe_ack", p.networkUnsafeAck());
        Map<String, Object> fs = new LinkedHashMap<>();
        fs.put("allowed_read", strings(p.fs().allowedRead()));
        fs.put("allowed_write", strings(p.fs().allowedWrite()));
        fs.put("working_dir", p.fs().workingDir() == null ? null : p.fs().workingDir().toString());
        m.put("fs", fs);
        m.put("fs_write_unsafe_ack", p.fsWriteUnsafeAck());
        m.put("exec", Map.of("allowed_executables", strings(p.exec().allowedExecutables()),
                "allow_shell", p.exec().allowShell()));
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("allowlist", p.env().allowlist());
        env.put("set", p.env().set());
        env.put("inherit", p.env().inherit());
        m.put("env", env);
        Policy.Budgets b = p.budgets();
        Map<String, Object> budgets = new LinkedHashMap<>();
        budgets.put("max_runtime_ms", b.maxRuntimeMs());
        budgets.put("max_steps", b.maxSteps());
        budgets.put("max_output_bytes", b.maxOutputBytes());
        budgets.put("max_snapshot_bytes", b.maxSnapshotBytes());
        budgets.put("max_wait_ms", b.maxWaitMs());
        m.put("budgets", budgets);
        Map<String, Object> artifacts = new LinkedHashMap<>();
        artifacts.put("enabled", p.artifacts().enabled());
        artifacts.put("dir", p.artifacts().dir() == null ? null : p.artifacts().dir().toString());
        artifacts.put("overwrite", p.artifacts().overwrite());
        m.put("artifacts", artifacts);
        Map<String, Object> replay = new LinkedHashMap<>();
        replay.put("strict", p.replay().strict());
        replay.put("normalization_filters", p.replay().normalizationFilters());
        replay.put("normalization_rules", p.replay().normalizationRules() == null ? null
                : p.replay().normalizationRules().stream().map(r -> {
                    Map<String, Object> rule = new LinkedHashMap<>();
                    rule.put("target", r.target());
                    rule.put("pattern", r.pattern());
                    rule.put("replace", r.replace());
                    return rule;
                }).toList());
        m.put("replay", replay);
        return m;
    }

    private static List<String> strings(List<Path> paths) {
        return paths.stream().map(Path::toString).toList();
    }
}
