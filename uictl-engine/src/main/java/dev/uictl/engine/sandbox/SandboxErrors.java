package dev.uictl.engine.sandbox;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.sandbox.PolicyDeniedException;
import dev.uictl.sandbox.SandboxUnavailableException;
import dev.uictl.sandbox.Violation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one table from the sandbox library's failures to the contract's codes: POLICY_DENIED and SANDBOX_UNAVAILABLE. */
public final class SandboxErrors {
    private SandboxErrors() {
    }

    public static UictlException denied(PolicyDeniedException e) {
        return UictlException.of(ErrorCode.POLICY_DENIED, "the policy refuses this: " + e.getMessage())
                .withHint(e.violations().size() == 1 ? fixFor(e.violations().getFirst())
                        : "Fix each violation in details.violations; --explain-policy lists them without running.")
                .withDetail("violations", details(e.violations()))
                .withDelivery(Delivery.NOT_DELIVERED).withCause(e);
    }

    public static UictlException unavailable(SandboxUnavailableException e) {
        return UictlException.of(ErrorCode.SANDBOX_UNAVAILABLE, e.getMessage() + " (nothing was run unsandboxed)")
                .withHint(e.hint()).withDelivery(Delivery.NOT_DELIVERED).withCause(e);
    }

    public static UictlException policyFile(String file, String problem) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "cannot read the policy " + file + ": " + problem)
                .withHint("Give a JSON or YAML policy file; see docs/policy.md for the fields.")
                .withDetail("policy", file);
    }

    /** Violations as plain maps {field, kind, message} for envelopes and explain output. */
    public static List<Map<String, Object>> details(List<Violation> violations) {
        return violations.stream().map(v -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("field", v.field());
            m.put("kind", v.kind().wire());
            m.put("message", v.message());
            return m;
        }).toList();
    }

    private static String fixFor(Violation v) {
        return switch (v.kind()) {
            case ACK_REQUIRED -> "Acknowledge it explicitly (" + v.field() + ": true, or its --…-ack flag), or keep the safe setting.";
            case EXEC_NOT_ALLOWED, SHELL_NOT_ALLOWED -> "Allow the program with --allow-exec /abs/path (a shell also needs --allow-shell).";
            case DANGEROUS_ENV -> "Drop that variable; it is never passed into a sandbox.";
            case BROAD_ROOT, SYMLINK_ESCAPE, NOT_ABSOLUTE, OUTSIDE_ALLOWLIST -> "Name a dedicated absolute directory, e.g. --allow-write /tmp/work.";
            default -> "Fix " + v.field() + " as the message says; --explain-policy lists every violation.";
        };
    }
}
