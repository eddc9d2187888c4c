package dev.uictl.engine.scenario.run;

import dev.uictl.sandbox.Policy;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
import dev.uictl.engine.scenario.artifacts.ArtifactWriter;
import dev.uictl.engine.scenario.artifacts.BudgetStatus;
import dev.uictl.engine.scenario.artifacts.EventRecord;
import dev.uictl.engine.scenario.artifacts.SnapshotRecord;
import dev.uictl.engine.scenario.artifacts.TranscriptLog;
import dev.uictl.engine.terminal.ScreenView;
import dev.uictl.engine.terminal.SessionEvent;
import dev.uictl.engine.terminal.TerminalSession;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Everything a run records as it goes: events, the timestamped transcript, snapshots and budget use, written to
 * the artifact directory when there is one. Enforces the output and snapshot budgets where they are measured.
 */
final class RunRecorder {
    private final long startNanos = System.nanoTime();
    private final ArtifactWriter writer;
    private final Policy.Budgets budgets;
    private final Consumer<String> progress;
    private final TranscriptLog transcriptLog = new TranscriptLog();
    private long eventSeq;
    private int snapshotSeq;
    private long outputOffset;
    private long sessionEventSeq;
    private long largestSnapshot;
    private long stepsUsed;
    /** Output not yet handed to a driver client (bounded: a client that never looks does not grow it). */
    private final StringBuilder undrained = new StringBuilder();
    private static final int MAX_UNDRAINED = 1 << 20;

    RunRecorder(ArtifactWriter writer, Policy.Budgets budgets, Consumer<String> progress) {
        this.writer = writer;
        this.budgets = budgets;
        this.progress = progress;
        if (writer != null) {
            writer.touch(ArtifactWriter.EVENTS);
            writer.touch(ArtifactWriter.TRANSCRIPT);
        }
    }

    /** The output read since the last call (a driver response's transcript_delta). */
    String drainOutput() {
        String s = undrained.toString();
        undrained.setLength(0);
        return s;
    }

    long atMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    ArtifactWriter writer() {
        return writer;
    }

    void progress(String line) {
        progress.accept(line);
    }

    void stepCounted() {
        stepsUsed++;
    }

    long stepsUsed() {
        return stepsUsed;
    }

    void event(String type, String stepId, int stepIndex, Map<String, Object> data) {
        EventRecord e = new EventRecord(++eventSeq, atMs(), type, stepId, stepIndex, data);
        if (writer != null) {
            writer.append(ArtifactWriter.EVENTS, Json.write(e) + "\n");
        }
    }

    static Map<String, Object> data(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < kv.length; i += 2) {
            if (kv[i + 1] != null) {
                m.put((String) kv[i], kv[i + 1]);
            }
        }
        return m;
    }

    /** Reads the output and terminal events since the last call into the transcript and events; checks the output budget. */
    void pull(TerminalSession s, String stepId, int stepIndex) {
        TerminalSession.Output out = s.outputSince(outputOffset);
        outputOffset = out.end();
        String text = out.bytes().length == 0 ? "" : transcriptLog.decode(out.bytes());
        if (!text.isEmpty()) {
            if (writer != null) {
                writer.append(ArtifactWriter.TRANSCRIPT, TranscriptLog.line(atMs(), stepIndex, text));
            }
            if (undrained.length() < MAX_UNDRAINED) {
                undrained.append(text, 0, Math.min(text.length(), MAX_UNDRAINED - undrained.length()));
            }
        }
        for (SessionEvent e : s.eventsSince(sessionEventSeq)) {
            sessionEventSeq = e.seq();
            event("terminal", stepId, stepIndex, data("event", e.type(), "detail", e.detail()));
        }
        if (outputOffset > budgets.maxOutputBytes()) {
            throw exceeded("max_output_bytes", budgets.maxOutputBytes(), outputOffset, stepId, stepIndex);
        }
    }

    /**
     * A snapshot of the screen now (with cells, for the assertions), written as the next snapshots/NNNNNN.json with
     * its cells as runs: a 24x80 screen cell by cell was ~210 KB a file.
     */
    Observation observe(TerminalSession s, String stepId, int stepIndex, int attempt, String phase) {
        pull(s, stepId, stepIndex);
        ScreenView screen = s.screen(true, 0);
        int seq = ++snapshotSeq;
        SnapshotRecord record = new SnapshotRecord(SnapshotRecord.VERSION, seq, stepId, stepIndex, attempt, phase,
                atMs(), screen.cellsAsRuns());
        String file = SnapshotRecord.fileName(seq);
        long size = Json.write(record).getBytes(StandardCharsets.UTF_8).length;
        largestSnapshot = Math.max(largestSnapshot, size);
        if (writer != null) {
            writer.compactJson(file, record);
        }
        event("observation", stepId, stepIndex, data("snapshot", file, "attempt", attempt,
                "snapshot_id", screen.snapshotId()));
        if (size > budgets.maxSnapshotBytes()) {
            throw exceeded("max_snapshot_bytes", budgets.maxSnapshotBytes(), size, stepId, stepIndex);
        }
        return new Observation(screen, file);
    }

    record Observation(ScreenView screen, String file) {
    }

    UictlException exceeded(String budget, long limit, long used, String stepId, int stepIndex) {
        event("budget_exceeded", stepId, stepIndex, data("budget", budget, "limit", limit, "used", used));
        return UictlException.of(ErrorCode.TIMEOUT, "the run exceeded its budget " + budget + " (" + used + " > "
                        + limit + ")")
                .withHint("Raise budgets." + budget + " in the policy, or shorten the run.")
                .withDetail("kind", budget).withDetail("limit", limit).withDetail("used", used);
    }

    BudgetStatus budget() {
        return new BudgetStatus(stepsUsed, budgets.maxSteps(), atMs(), budgets.maxRuntimeMs(), outputOffset,
                budgets.maxOutputBytes(), largestSnapshot, budgets.maxSnapshotBytes());
    }
}
