package dev.uictl.engine.scenario.trace;

import dev.uictl.engine.scenario.artifacts.EventRecord;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.artifacts.SnapshotRecord;
import dev.uictl.engine.scenario.artifacts.TranscriptLog;
import java.util.List;

/**
 * One run's artifacts directory as read for the trace: run.json, every snapshot file in sequence order, the events
 * and the transcript chunks, and what the checksum comparison found.
 *
 * @param checksumMismatches files whose SHA-256 differs from checksums.json, or that it lists but are missing
 * @param notes              what was absent or unverifiable (e.g. "events.jsonl is absent"), shown on the page
 */
public record RunArtifacts(RunResult run, List<SnapshotRecord> snapshots, List<EventRecord> events,
                           List<TranscriptLog.Chunk> transcript, List<String> checksumMismatches, List<String> notes) {
    public RunArtifacts {
        snapshots = List.copyOf(snapshots);
        events = List.copyOf(events);
        transcript = List.copyOf(transcript);
        checksumMismatches = List.copyOf(checksumMismatches);
        notes = List.copyOf(notes);
    }

    /** The snapshots taken during step {@code index} (1-based), in order; 0 is start-up, steps+1 the end. */
    public List<SnapshotRecord> snapshotsOf(int index) {
        return snapshots.stream().filter(s -> s.stepIndex() == index).toList();
    }

    public List<EventRecord> eventsOf(int index) {
        return events.stream().filter(e -> e.stepIndex() == index).toList();
    }

    public List<TranscriptLog.Chunk> transcriptOf(int index) {
        return transcript.stream().filter(c -> c.stepIndex() == index).toList();
    }
}
