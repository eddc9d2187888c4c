package dev.uictl.engine.scenario.replay;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.scenario.artifacts.NormalizationSettings;
import java.util.List;

/** replay.json, and the output of `replay` and `replay-report`. */
@Describe("A replay: the recorded run re-run and compared after normalization (replay_version 1)")
public record ReplayResult(
        @Describe("Always 1") int replayVersion,
        @Describe("passed | failed") String status,
        @Describe("The recorded run's artifacts directory") String original,
        @Describe("This replay's artifacts directory (inside the original)") String replayDir,
        @Describe("The replayed run's status (passed, failed, …)") String runStatus,
        NormalizationSettings normalization,
        Compared compared,
        @Describe("What differed; the line-level diffs are in diff.json") List<Mismatch> mismatches) implements TextView {

    public ReplayResult {
        mismatches = List.copyOf(mismatches);
    }

    @Describe("How much was compared")
    public record Compared(int snapshots, int transcriptLines, int events, boolean runResult) {
    }

    @Describe("One difference")
    public record Mismatch(@Describe("checksum | snapshot | snapshot_count | transcript | run_result | events") String kind,
                           @Nullable @Describe("Snapshot number, when kind is snapshot") Integer index,
                           @Nullable @Describe("The file concerned") String path,
                           String message) {
    }

    @Override
    public String toText() {
        StringBuilder out = new StringBuilder("replay ").append(status).append(" (").append(normalization.source())
                .append(normalization.strict() ? ", strict" : ", filters " + normalization.filters()).append("): ")
                .append(compared.snapshots()).append(" snapshots, ").append(compared.transcriptLines())
                .append(" transcript lines, ").append(compared.events()).append(" events compared\n");
        mismatches.forEach(m -> out.append("  ").append(m.kind()).append(m.index() == null ? "" : " " + m.index())
                .append(": ").append(m.message()).append('\n'));
        out.append("  ").append(replayDir).append('\n');
        return out.toString();
    }
}
