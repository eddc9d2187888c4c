package dev.uictl.engine.scenario.replay;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.file.ArtifactFile;
import dev.uictl.core.json.Json;
import dev.uictl.engine.scenario.artifacts.ArtifactWriter;
import dev.uictl.engine.scenario.artifacts.NormalizationSettings;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.artifacts.TranscriptLog;
import dev.uictl.engine.scenario.model.Scenario;
import dev.uictl.engine.scenario.model.ScenarioParser;
import dev.uictl.engine.scenario.run.ProgramLauncher;
import dev.uictl.sandbox.Policy;
import dev.uictl.engine.scenario.run.ScenarioRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * `replay`: verifies the recorded artifacts' checksums, re-runs the recorded scenario into {@code DIR/replay-NNN},
 * and compares snapshots, transcript, run result and events after normalization; writes replay.json and, on a
 * difference, diff.json.
 */
public final class Replayer {
    private static final int MAX_MISMATCHES = 50;

    private Replayer() {
    }

    /** The recorded run's settings the replay needs: its policy's budgets and replay section, read by the caller. */
    public record Recorded(Policy.Budgets budgets, boolean policyStrict, List<String> policyFilters,
                           List<NormalizationSettings.Rule> policyRules) {
    }

    public static ReplayResult replay(Path dir, boolean cliStrict, List<String> cliFilters, Recorded recorded,
                                      ProgramLauncher launcher, CallContext call, Consumer<String> progress) {
        Path original = dir.toAbsolutePath().normalize();
        verifyChecksums(original);
        NormalizationSettings settings = Normalization.resolve(cliStrict, cliFilters, recorded.policyStrict(),
                recorded.policyFilters(), recorded.policyRules());
        JsonNode scenarioJson = read(original.resolve(ArtifactWriter.SCENARIO));
        Scenario scenario = ScenarioParser.parse(scenarioJson);
        JsonNode run = read(original.resolve(ArtifactWriter.RUN));
        Path replayDir = nextReplayDir(original);
        String recordedCwd = run.path("cwd").asString("");
        Path cwd = recordedCwd.isEmpty() ? null : Path.of(recordedCwd);
        JsonNode policy = read(original.resolve(ArtifactWriter.POLICY));
        RunResult replayed = ScenarioRunner.run(new ScenarioRunner.Setup(run.path("kind").asString("scenario"),
                scenario, cwd, recorded.budgets(), policy, settings, replayDir, false, progress), launcher, call);
        requireRan(replayed, replayDir);
        Normalizer n = new Normalizer(settings);
        List<ReplayResult.Mismatch> mismatches = new ArrayList<>();
        List<DiffEntry> diffs = new ArrayList<>();
        int snapshots = compareSnapshots(original, replayDir, n, mismatches, diffs);
        List<String> expectedTranscript = n.transcriptLines(TranscriptLog.read(original.resolve(ArtifactWriter.TRANSCRIPT)));
        List<String> actualTranscript = n.transcriptLines(TranscriptLog.read(replayDir.resolve(ArtifactWriter.TRANSCRIPT)));
        compare("transcript", null, ArtifactWriter.TRANSCRIPT, expectedTranscript, actualTranscript, mismatches, diffs);
        List<String> expectedRun = prettyLines(n.fields(run));
        List<String> actualRun = prettyLines(n.fields(read(replayDir.resolve(ArtifactWriter.RUN))));
        compare("run_result", null, ArtifactWriter.RUN, expectedRun, actualRun, mismatches, diffs);
        List<String> expectedEvents = n.eventLines(jsonl(original.resolve(ArtifactWriter.EVENTS)));
        List<String> actualEvents = n.eventLines(jsonl(replayDir.resolve(ArtifactWriter.EVENTS)));
        compare("events", null, ArtifactWriter.EVENTS, expectedEvents, actualEvents, mismatches, diffs);
        ReplayResult result = new ReplayResult(1, mismatches.isEmpty() ? "passed" : "failed", original.toString(),
                replayDir.toString(), replayed.status(), settings, new ReplayResult.Compared(snapshots,
                expectedTranscript.size(), expectedEvents.size(), true),
                mismatches.subList(0, Math.min(MAX_MISMATCHES, mismatches.size())));
        ArtifactFile.write(replayDir.resolve("replay.json"), (Json.writePretty(result) + "\n").getBytes(StandardCharsets.UTF_8));
        if (!diffs.isEmpty()) {
            ArtifactFile.write(replayDir.resolve("diff.json"), (Json.writePretty(Map.of("diff_version", 1, "entries",
                    diffs.subList(0, Math.min(MAX_MISMATCHES, diffs.size())))) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return result;
    }

    /**
     * A replay whose program could not be started (errored: interpreter gone, not executable, no sandbox here) or
     * that was cancelled has nothing to compare: its own error, not REPLAY_MISMATCH, says what to fix. Failed runs
     * (an assertion, a budget) ran the program and are compared.
     */
    private static void requireRan(RunResult replayed, Path replayDir) {
        if (!"errored".equals(replayed.status()) && !"canceled".equals(replayed.status())) {
            return;
        }
        RunResult.RunError e = replayed.error();
        throw UictlException.of(ErrorCode.valueOf(e.code()), "the replay did not run the recorded program: "
                        + e.message())
                .withDetail("replay_dir", replayDir.toString()).withDetail("run_result", replayed);
    }

    private static int compareSnapshots(Path original, Path replayDir, Normalizer n,
                                        List<ReplayResult.Mismatch> mismatches, List<DiffEntry> diffs) {
        List<Path> expected = snapshotFiles(original);
        List<Path> actual = snapshotFiles(replayDir);
        if (expected.size() != actual.size()) {
            mismatches.add(new ReplayResult.Mismatch("snapshot_count", null, ArtifactWriter.SNAPSHOTS,
                    "the recording has " + expected.size() + " snapshots, the replay " + actual.size()));
        }
        int common = Math.min(expected.size(), actual.size());
        for (int i = 0; i < common; i++) {
            String rel = ArtifactWriter.SNAPSHOTS + "/" + expected.get(i).getFileName();
            compare("snapshot", i + 1, rel, n.snapshotLines(read(expected.get(i))), n.snapshotLines(read(actual.get(i))),
                    mismatches, diffs);
        }
        return common;
    }

    private static void compare(String kind, Integer index, String path, List<String> expected, List<String> actual,
                                List<ReplayResult.Mismatch> mismatches, List<DiffEntry> diffs) {
        if (expected.equals(actual)) {
            return;
        }
        List<LineDiff.Line> diff = LineDiff.of(expected, actual);
        String first = diff.stream().filter(l -> !l.op().equals(" ")).findFirst()
                .map(l -> l.op() + l.line()).orElse("");
        mismatches.add(new ReplayResult.Mismatch(kind, index, path, "differs; first changed line: "
                + (first.length() > 200 ? first.substring(0, 200) + "…" : first)));
        diffs.add(new DiffEntry(kind, index, path, diff));
    }

    private static List<String> prettyLines(JsonNode node) {
        return List.of(Json.writePretty(node).split("\n"));
    }

    /** Every file checksums.json lists must be there unchanged, and no artifact file may be unlisted. */
    public static void verifyChecksums(Path dir) {
        Path file = dir.resolve(ArtifactWriter.CHECKSUMS);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw UictlException.of(ErrorCode.REPLAY_MISMATCH, "no checksums.json in " + dir)
                    .withHint("Give a directory written by `uictl run --artifacts DIR` or `uictl exec --artifacts DIR`.")
                    .withDetail("kind", "checksum").withDetail("path", file.toString());
        }
        JsonNode files = read(file).path("files");
        Map<String, String> listed = new TreeMap<>();
        files.properties().forEach(e -> listed.put(e.getKey(), e.getValue().asString()));
        for (Map.Entry<String, String> e : listed.entrySet()) {
            Path p = dir.resolve(e.getKey()).normalize();
            if (!p.startsWith(dir)) {
                throw mismatch("checksums.json names a file outside the directory: " + e.getKey(), e.getKey(), null, null);
            }
            String actual;
            try {
                actual = ArtifactWriter.sha256(p);
            } catch (IOException ex) {
                throw mismatch("artifact " + e.getKey() + " is missing or unreadable", e.getKey(), e.getValue(), null);
            }
            if (!actual.equals(e.getValue())) {
                throw mismatch("artifact " + e.getKey() + " was changed after the run (SHA-256 differs)", e.getKey(),
                        e.getValue(), actual);
            }
        }
        for (Path snap : snapshotFiles(dir)) {
            String rel = ArtifactWriter.SNAPSHOTS + "/" + snap.getFileName();
            if (!listed.containsKey(rel)) {
                throw mismatch("artifact " + rel + " is not in checksums.json (added after the run)", rel, null, null);
            }
        }
    }

    private static UictlException mismatch(String message, String path, String expected, String actual) {
        UictlException e = UictlException.of(ErrorCode.REPLAY_MISMATCH, message)
                .withHint("The artifacts were modified; record the run again with `uictl run --artifacts DIR`.")
                .withDetail("kind", "checksum").withDetail("path", path);
        if (expected != null) {
            e = e.withDetail("expected", expected);
        }
        return actual == null ? e : e.withDetail("actual", actual);
    }

    static List<Path> snapshotFiles(Path dir) {
        Path snaps = dir.resolve(ArtifactWriter.SNAPSHOTS);
        if (!Files.isDirectory(snaps, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(snaps)) {
            return s.filter(p -> p.getFileName().toString().matches("\\d{6}\\.json")).sorted().toList();
        } catch (IOException e) {
            throw io(snaps, e);
        }
    }

    static Path nextReplayDir(Path dir) {
        for (int i = 1; i < 10_000; i++) {
            Path p = dir.resolve("replay-%03d".formatted(i));
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                return p;
            }
        }
        throw UictlException.of(ErrorCode.IO_ERROR, "too many replays in " + dir)
                .withHint("Remove old replay-* directories.");
    }

    /** The newest replay-NNN directory, for replay-report. */
    public static Path latestReplayDir(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches("replay-\\d{3,}")
                            && Files.isRegularFile(p.resolve("replay.json")))
                    .max(java.util.Comparator.comparing(p -> Integer.parseInt(p.getFileName().toString().substring(7))))
                    .orElseThrow(() -> UictlException.of(ErrorCode.SNAPSHOT_NOT_FOUND, "no replay in " + dir)
                            .withHint("Run `uictl replay --artifacts " + dir + "` first.").withDetail("path", dir.toString()));
        } catch (IOException e) {
            throw io(dir, e);
        }
    }

    static JsonNode read(Path file) {
        try {
            return Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw io(file, e);
        } catch (RuntimeException e) {
            throw UictlException.of(ErrorCode.REPLAY_MISMATCH, file + " is not valid JSON: " + e.getMessage())
                    .withHint("The artifacts are damaged; record the run again.").withDetail("path", file.toString());
        }
    }

    public static JsonNode readJson(Path file) {
        return read(file);
    }

    private static List<JsonNode> jsonl(Path file) {
        try {
            List<JsonNode> out = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    out.add(Json.parse(line));
                }
            }
            return out;
        } catch (IOException e) {
            throw io(file, e);
        }
    }

    private static UictlException io(Path p, IOException e) {
        // NoSuchFileException's message is the bare path
        String why = e instanceof java.nio.file.NoSuchFileException ? "it does not exist" : e.getMessage();
        return UictlException.of(ErrorCode.IO_ERROR, "cannot read " + p + ": " + why).withCause(e)
                .withDetail("path", p.toString());
    }
}
