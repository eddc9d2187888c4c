package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.schema.Describe;
import java.util.List;

/** {@code normalization.json}: what replay ignores when it compares, and where that came from. */
@Describe("Replay normalization: filters, regex rules, and their source (cli > policy > default)")
public record NormalizationSettings(
        @Describe("Always 1") int normalizationVersion,
        @Describe("cli | policy | default") String source,
        @Describe("True: compare everything byte for byte (no filters, no rules)") boolean strict,
        @Describe("Fields left out of the comparison: snapshot_id, run_id, timestamps, durations, events, "
                + "exit_signal, session_ids") List<String> filters,
        @Describe("Regex replacements applied before comparing") List<Rule> rules) {
    public NormalizationSettings {
        filters = List.copyOf(filters);
        rules = List.copyOf(rules);
    }

    @Describe("A regex replacement (RE2 syntax) applied to transcript text or screen lines before comparing")
    public record Rule(@Describe("transcript | snapshot_lines | all") String target, String pattern, String replace) {
    }
}
