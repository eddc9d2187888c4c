package dev.uictl.engine.sandbox;

import dev.uictl.sandbox.PolicyOverrides;
import java.nio.file.Path;

/**
 * Where a run's policy comes from: a file (JSON/YAML), or an inline document already parsed to plain values (a
 * scenario's {@code run.policy}), or neither (the deny-by-default policy), then the command-line overrides.
 */
public record PolicyRequest(Path file, Object inline, PolicyOverrides overrides) {
    public PolicyRequest {
        if (file != null && inline != null) {
            throw new IllegalArgumentException("a policy comes from a file or inline, not both");
        }
        overrides = overrides == null ? PolicyOverrides.NONE : overrides;
    }

    public static PolicyRequest ofFile(Path file, PolicyOverrides overrides) {
        return new PolicyRequest(file, null, overrides);
    }

    public static PolicyRequest inline(Object document, PolicyOverrides overrides) {
        return new PolicyRequest(null, document, overrides);
    }
}
