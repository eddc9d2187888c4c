package dev.uictl.sandbox;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Command-line changes to a policy. Additions (paths, executables, variables) widen it; the acknowledgement flags
 * are the caller's explicit consent and are required by {@link PolicyValidator} exactly as in a policy file, so a
 * flag can never weaken a policy silently. Null/empty means "leave as the policy says".
 */
public record PolicyOverrides(Policy.SandboxMode sandbox, boolean sandboxUnsafeAck, Policy.NetworkMode network,
                              boolean networkUnsafeAck, List<Path> allowRead, List<Path> allowWrite,
                              boolean fsWriteUnsafeAck, List<Path> allowExec, boolean allowShell, List<String> envAllow,
                              Map<String, String> envSet, Boolean envInherit, Path workingDir) {
    public static final PolicyOverrides NONE = new PolicyOverrides(null, false, null, false, List.of(), List.of(), false,
            List.of(), false, List.of(), Map.of(), null, null);

    public PolicyOverrides {
        allowRead = List.copyOf(allowRead);
        allowWrite = List.copyOf(allowWrite);
        allowExec = List.copyOf(allowExec);
        envAllow = List.copyOf(envAllow);
        envSet = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(envSet));
    }

    public boolean isEmpty() {
        return equals(NONE);
    }

    public Policy applyTo(Policy p) {
        Policy out = p;
        if (sandbox != null || sandboxUnsafeAck) {
            out = out.withSandbox(sandbox != null ? sandbox : out.sandbox(), out.sandboxUnsafeAck() || sandboxUnsafeAck);
        }
        if (network != null || networkUnsafeAck) {
            out = out.withNetwork(network != null ? network : out.network(), out.networkUnsafeAck() || networkUnsafeAck);
        }
        out = out.withFs(new Policy.Fs(concat(out.fs().allowedRead(), allowRead), concat(out.fs().allowedWrite(), allowWrite),
                workingDir != null ? workingDir : out.fs().workingDir()), out.fsWriteUnsafeAck() || fsWriteUnsafeAck);
        out = out.withExec(new Policy.Exec(concat(out.exec().allowedExecutables(), allowExec),
                out.exec().allowShell() || allowShell));
        Map<String, String> set = new LinkedHashMap<>(out.env().set());
        set.putAll(envSet);
        List<String> names = new ArrayList<>(concat(out.env().allowlist(), envAllow));
        envSet.keySet().stream().filter(k -> !names.contains(k)).forEach(names::add);
        return out.withEnv(new Policy.Env(names, set, envInherit != null ? envInherit : out.env().inherit()));
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        b.stream().filter(x -> !out.contains(x)).forEach(out::add);
        return out;
    }
}
