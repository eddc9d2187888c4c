package dev.uictl.engine.sandbox;

import java.util.List;
import java.util.Map;

/**
 * What {@code --explain-policy} reports: whether the run would be allowed, every violation ({field, kind, message}),
 * the effective policy after overrides, and what would enforce it.
 */
public record PolicyExplanation(boolean allowed, List<Map<String, Object>> violations, Map<String, Object> policy,
                                List<String> enforcement) {
    public PolicyExplanation {
        violations = List.copyOf(violations);
        enforcement = List.copyOf(enforcement);
    }
}
