package dev.uictl.engine.scenario.replay;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.scenario.artifacts.NormalizationSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which normalization a replay compares with. Precedence: the command line (--strict, --normalize) over the policy
 * ({@code replay.strict}, {@code replay.normalization_filters}, {@code replay.normalization_rules}) over the
 * default (every filter, no rules). Rules come from the policy unless --strict.
 */
public final class Normalization {
    /** Fields that differ between two runs of the same program for reasons other than its behaviour. */
    public static final List<String> FILTERS = List.of("snapshot_id", "run_id", "timestamps", "durations", "events",
            "session_ids");
    private static final Set<String> TARGETS = Set.of("transcript", "snapshot_lines", "all");

    private Normalization() {
    }

    public static NormalizationSettings defaults() {
        return new NormalizationSettings(1, "default", false, FILTERS, List.of());
    }

    /**
     * Resolves the settings. {@code cliFilters} null means none given; {@code all} and {@code none} stand alone.
     * {@code policyFilters} null means the policy names none.
     */
    public static NormalizationSettings resolve(boolean cliStrict, List<String> cliFilters, boolean policyStrict,
                                                List<String> policyFilters, List<NormalizationSettings.Rule> policyRules) {
        List<NormalizationSettings.Rule> rules = checkRules(policyRules == null ? List.of() : policyRules);
        if (cliStrict && cliFilters != null && !cliFilters.isEmpty()) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--strict compares everything; it cannot be combined with "
                    + "--normalize").withHint("Give --strict or --normalize, not both.");
        }
        if (cliStrict) {
            return new NormalizationSettings(1, "cli", true, List.of(), List.of());
        }
        if (cliFilters != null && !cliFilters.isEmpty()) {
            return new NormalizationSettings(1, "cli", false, filters(cliFilters), rules);
        }
        if (policyStrict) {
            return new NormalizationSettings(1, "policy", true, List.of(), List.of());
        }
        if (policyFilters != null) {
            return new NormalizationSettings(1, "policy", false, filters(policyFilters), rules);
        }
        return new NormalizationSettings(1, rules.isEmpty() ? "default" : "policy", false, FILTERS, rules);
    }

    private static List<String> filters(List<String> given) {
        if (given.contains("all") || given.contains("none")) {
            if (given.size() > 1) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "'all' and 'none' stand alone; got " + given)
                        .withHint("Give --normalize all, --normalize none, or a list of filters: " + FILTERS + ".");
            }
            return given.contains("all") ? FILTERS : List.of();
        }
        List<String> out = new ArrayList<>();
        for (String f : given) {
            if (!FILTERS.contains(f)) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "unknown normalization filter '" + f + "'")
                        .withHint("Filters: " + String.join(", ", FILTERS) + ", or all / none.")
                        .withDetail("filter", f);
            }
            if (!out.contains(f)) {
                out.add(f);
            }
        }
        return out;
    }

    private static List<NormalizationSettings.Rule> checkRules(List<NormalizationSettings.Rule> rules) {
        if (rules.size() > 100) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "at most 100 normalization rules")
                    .withHint("Merge rules into fewer patterns.");
        }
        for (NormalizationSettings.Rule r : rules) {
            if (!TARGETS.contains(r.target())) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "a normalization rule's target is transcript, "
                        + "snapshot_lines or all, got '" + r.target() + "'").withHint("Fix the policy's replay rules.");
            }
            Normalizer.compileRule(r);
        }
        return rules;
    }
}
