package dev.uictl.sandbox;

import java.util.List;

/** The policy, or the launch under it, is refused; carries every violation found, not only the first. */
public final class PolicyDeniedException extends Exception {
    private final List<Violation> violations;

    public PolicyDeniedException(List<Violation> violations) {
        super(summary(violations));
        if (violations.isEmpty()) {
            throw new IllegalArgumentException("a denial needs at least one violation");
        }
        this.violations = List.copyOf(violations);
    }

    public List<Violation> violations() {
        return violations;
    }

    private static String summary(List<Violation> violations) {
        if (violations.isEmpty()) {
            return "";
        }
        String first = violations.getFirst().toString();
        return violations.size() == 1 ? first : first + " (and " + (violations.size() - 1) + " more)";
    }
}
