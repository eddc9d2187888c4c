package dev.uictl.engine.scenario.trace;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import java.util.List;

/** What {@code uictl trace} wrote. */
@Describe("The trace page written for a run's artifacts")
public record TraceResult(
        @Describe("The HTML file written (absolute)") String output,
        @Describe("Its size in bytes") long bytes,
        @Describe("The artifacts directory read (absolute)") String artifacts,
        @Describe("The run's id") String runId,
        @Describe("The run's status: running | passed | failed | errored | canceled") String status,
        @Describe("Steps shown") int steps,
        @Describe("Screens rendered (one per snapshot file)") int snapshots,
        @Describe("Files whose SHA-256 differs from checksums.json (or that it lists but are missing); empty when "
                + "all match") List<String> checksumMismatches,
        @Describe("Files that were absent or could not be verified") List<String> notes) implements TextView {
    public TraceResult {
        checksumMismatches = List.copyOf(checksumMismatches);
        notes = List.copyOf(notes);
    }

    @Override
    public String toText() {
        return "trace " + output + " (" + bytes + " bytes): run " + runId + " " + status + ", " + steps + " steps, "
                + snapshots + " screens" + (checksumMismatches.isEmpty() ? "" : ", CHECKSUM MISMATCH: "
                + String.join(", ", checksumMismatches)) + "\n";
    }
}
