package dev.uictl.sandbox;

/**
 * One reason a policy or a launch is refused.
 *
 * @param field   where, as a path into the policy ({@code fs.allowed_write[1]}, {@code env.set.LD_PRELOAD}) or
 *                {@code command} / {@code cwd} for the launch
 * @param kind    a stable code-like word ({@link Kind})
 * @param message what is wrong and how to fix it, for people
 */
public record Violation(String field, Kind kind, String message) {
    public enum Kind {
        /** Malformed input: wrong type, unknown value, missing required field. */
        INVALID,
        /** A field this policy version does not know. */
        UNKNOWN_FIELD,
        UNSUPPORTED_VERSION,
        /** A weakening setting without its acknowledgement. */
        ACK_REQUIRED,
        NOT_ABSOLUTE,
        /** {@code /}, a home directory or a system root. */
        BROAD_ROOT,
        /** A symbolic link whose target lies outside what the policy names. */
        SYMLINK_ESCAPE,
        DANGEROUS_ENV,
        ENV_NOT_ALLOWLISTED,
        EXEC_NOT_ALLOWED,
        SHELL_NOT_ALLOWED,
        /** A path outside the allowlists (working dir, artifacts dir, cwd). */
        OUTSIDE_ALLOWLIST,
        OUT_OF_RANGE;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    @Override
    public String toString() {
        return field + ": " + message + " (" + kind.wire() + ")";
    }
}
