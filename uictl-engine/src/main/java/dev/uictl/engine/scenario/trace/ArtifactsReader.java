package dev.uictl.engine.scenario.trace;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
import dev.uictl.engine.scenario.artifacts.ArtifactWriter;
import dev.uictl.engine.scenario.artifacts.Checksums;
import dev.uictl.engine.scenario.artifacts.EventRecord;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.artifacts.SnapshotRecord;
import dev.uictl.engine.scenario.artifacts.StepResult;
import dev.uictl.engine.scenario.artifacts.TranscriptLog;
import dev.uictl.engine.terminal.ScreenView;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;

/**
 * Reads a run's artifacts directory (docs/artifacts.md) for the trace, trusting nothing in it: every file is
 * size-checked before it is read, the total is bounded, snapshot references must name files of the snapshots
 * directory (no path can leave it), and every record is checked for what the page needs. Fields added to the format
 * later are ignored. A broken directory is a clear error naming the file; absent optional files are notes.
 */
public final class ArtifactsReader {
    private static final Pattern SNAPSHOT_FILE = Pattern.compile("\\d{6}\\.json");
    private static final Pattern SNAPSHOT_REF = Pattern.compile("snapshots/\\d{6}\\.json");
    private static final Pattern CHECKSUMMED = Pattern.compile("[A-Za-z0-9_.-]+(/\\d{6}\\.json)?");

    private final TraceLimits limits;
    private long bytesRead;

    private ArtifactsReader(TraceLimits limits) {
        this.limits = limits;
    }

    public static RunArtifacts read(Path dir, TraceLimits limits) {
        return new ArtifactsReader(limits).readAll(dir.toAbsolutePath().normalize());
    }

    private RunArtifacts readAll(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, dir + " is not a directory")
                    .withHint("Give the directory a run wrote, e.g. `uictl trace --artifacts ./artifacts -o trace.html`.")
                    .withDetail("path", dir.toString());
        }
        if (!Files.isRegularFile(dir.resolve(ArtifactWriter.RUN), LinkOption.NOFOLLOW_LINKS)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, dir + " holds no run.json: it is not a run's artifacts directory")
                    .withHint("Give the directory passed to `--artifacts` of a run (it holds run.json and snapshots/).")
                    .withDetail("path", dir.toString()).withDetail("file", ArtifactWriter.RUN);
        }
        List<String> notes = new ArrayList<>();
        Map<String, byte[]> content = new TreeMap<>();
        RunResult run = checked(parse(dir, ArtifactWriter.RUN, bytes(dir, ArtifactWriter.RUN, content), RunResult.class));
        List<SnapshotRecord> snapshots = snapshots(dir, run, content);
        List<EventRecord> events = events(dir, content, notes);
        List<TranscriptLog.Chunk> transcript = transcript(dir, content, notes);
        List<String> mismatches = checksums(dir, content, notes);
        return new RunArtifacts(run, snapshots, events, transcript, mismatches, notes);
    }

    private List<SnapshotRecord> snapshots(Path dir, RunResult run, Map<String, byte[]> content) {
        Path snapDir = dir.resolve(ArtifactWriter.SNAPSHOTS);
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(snapDir, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> files = Files.list(snapDir)) {
                files.map(p -> p.getFileName().toString()).filter(n -> SNAPSHOT_FILE.matcher(n).matches())
                        .limit(limits.maxSnapshots() + 1L).forEach(names::add);
            } catch (IOException e) {
                throw unreadable(snapDir, e);
            }
        }
        if (names.size() > limits.maxSnapshots()) {
            throw tooLarge(dir, ArtifactWriter.SNAPSHOTS, "more than " + limits.maxSnapshots() + " snapshot files",
                    limits.maxSnapshots());
        }
        names.sort(null);
        for (StepResult step : run.steps()) {
            for (String ref : step.snapshots()) {
                if (!SNAPSHOT_REF.matcher(ref).matches()) {
                    throw corrupt(dir, ArtifactWriter.RUN, "step " + step.index() + " names the snapshot '" + ref
                            + "', which is not of the form snapshots/NNNNNN.json");
                }
                if (!names.contains(ref.substring(ArtifactWriter.SNAPSHOTS.length() + 1))) {
                    throw UictlException.of(ErrorCode.SNAPSHOT_NOT_FOUND, "step " + step.index() + " ('" + step.id()
                                    + "') names " + ref + ", which is not in " + dir)
                            .withHint("Record the run again with --artifacts; the files of an artifacts directory "
                                    + "must stay together (`uictl trace --help` lists what it reads).")
                            .withDetail("path", dir.toString()).withDetail("file", ref);
                }
            }
        }
        List<SnapshotRecord> out = new ArrayList<>(names.size());
        for (String name : names) {
            String rel = ArtifactWriter.SNAPSHOTS + "/" + name;
            SnapshotRecord s = parse(dir, rel, bytes(dir, rel, content), SnapshotRecord.class);
            out.add(checked(dir, rel, name, s));
        }
        return out;
    }

    private List<EventRecord> events(Path dir, Map<String, byte[]> content, List<String> notes) {
        List<String> lines = optionalLines(dir, ArtifactWriter.EVENTS, content, notes);
        List<EventRecord> events = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            EventRecord e = parse(dir, ArtifactWriter.EVENTS + " line " + (i + 1), lines.get(i), EventRecord.class);
            if (e.type() == null) {
                throw corrupt(dir, ArtifactWriter.EVENTS, "line " + (i + 1) + " has no type");
            }
            events.add(e);
        }
        return events;
    }

    private List<TranscriptLog.Chunk> transcript(Path dir, Map<String, byte[]> content, List<String> notes) {
        List<String> lines = optionalLines(dir, ArtifactWriter.TRANSCRIPT, content, notes);
        try {
            return TranscriptLog.parse(lines);
        } catch (JacksonException | IllegalArgumentException | NullPointerException e) {
            throw corrupt(dir, ArtifactWriter.TRANSCRIPT, "a line is not `AT_MS STEP_INDEX JSON_STRING`: "
                    + e.getMessage());
        }
    }

    /** Compares every file checksums.json lists with the bytes on disk; a difference is reported, not fatal. */
    private List<String> checksums(Path dir, Map<String, byte[]> content, List<String> notes) {
        if (!Files.exists(dir.resolve(ArtifactWriter.CHECKSUMS), LinkOption.NOFOLLOW_LINKS)) {
            notes.add(ArtifactWriter.CHECKSUMS + " is absent: the files could not be verified");
            return List.of();
        }
        Checksums sums = parse(dir, ArtifactWriter.CHECKSUMS, bytes(dir, ArtifactWriter.CHECKSUMS, new TreeMap<>()),
                Checksums.class);
        if (sums.files() == null || !"sha256".equals(sums.algorithm())) {
            throw corrupt(dir, ArtifactWriter.CHECKSUMS, "it lists no sha256 files");
        }
        List<String> mismatches = new ArrayList<>();
        for (Map.Entry<String, String> f : sums.files().entrySet()) {
            String rel = f.getKey();
            if (!CHECKSUMMED.matcher(rel).matches() || rel.startsWith(".")) {
                mismatches.add(rel + " (not a file of an artifacts directory)");
                continue;
            }
            byte[] bytes = content.get(rel);
            if (bytes == null) {
                if (!Files.isRegularFile(dir.resolve(rel), LinkOption.NOFOLLOW_LINKS)) {
                    mismatches.add(rel + " (missing)");
                    continue;
                }
                bytes = bytes(dir, rel, new TreeMap<>());
            }
            if (!Sha256.hex(bytes).equalsIgnoreCase(String.valueOf(f.getValue()))) {
                mismatches.add(rel);
            }
        }
        return mismatches;
    }

    private List<String> optionalLines(Path dir, String rel, Map<String, byte[]> content, List<String> notes) {
        if (!Files.exists(dir.resolve(rel), LinkOption.NOFOLLOW_LINKS)) {
            notes.add(rel + " is absent");
            return List.of();
        }
        return new String(bytes(dir, rel, content), StandardCharsets.UTF_8).lines().toList();
    }

    /** The file's bytes, refused when it is not a regular file or exceeds the per-file or total bound. */
    private byte[] bytes(Path dir, String rel, Map<String, byte[]> content) {
        Path file = dir.resolve(rel);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw corrupt(dir, rel, "it is not a regular file");
            }
            long size = Files.size(file);
            long perFile = rel.startsWith(ArtifactWriter.SNAPSHOTS) ? limits.maxSnapshotFileBytes() : limits.maxFileBytes();
            if (size > perFile) {
                throw tooLarge(dir, rel, size + " bytes, more than the " + perFile + " a trace reads", perFile);
            }
            if (bytesRead + size > limits.maxTotalBytes()) {
                throw tooLarge(dir, rel, "the directory holds more than the " + limits.maxTotalBytes()
                        + " bytes a trace reads", limits.maxTotalBytes());
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                bytes = in.readNBytes((int) Math.min(perFile + 1, Integer.MAX_VALUE - 8));
            }
            if (bytes.length > perFile) {
                throw tooLarge(dir, rel, "it grew past " + perFile + " bytes while it was read", perFile);
            }
            bytesRead += bytes.length;
            content.put(rel, bytes);
            return bytes;
        } catch (NoSuchFileException e) {
            throw corrupt(dir, rel, "it is missing");
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    private static <T> T parse(Path dir, String what, byte[] bytes, Class<T> type) {
        return parse(dir, what, new String(bytes, StandardCharsets.UTF_8), type);
    }

    private static <T> T parse(Path dir, String what, String text, Class<T> type) {
        ObjectReader reader = Json.mapper().readerFor(type).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        try {
            T value = reader.readValue(text);
            if (value == null) {
                throw corrupt(dir, what, "it holds null");
            }
            return value;
        } catch (JacksonException e) {
            throw corrupt(dir, what, "it is not a valid " + type.getSimpleName() + ": " + e.getOriginalMessage());
        }
    }

    private RunResult checked(RunResult run) {
        if (run.runResultVersion() != 1) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "run.json has run_result_version " + run.runResultVersion()
                            + "; this uictl reads version 1")
                    .withHint("Render it with the uictl version that recorded it (`uictl version` shows yours).")
                    .withDetail("file", ArtifactWriter.RUN);
        }
        if (run.steps().size() > limits.maxSteps()) {
            throw tooLarge(null, ArtifactWriter.RUN, run.steps().size() + " steps", limits.maxSteps());
        }
        for (StepResult s : run.steps()) {
            if (s.id() == null || s.status() == null || s.action() == null) {
                throw corrupt(null, ArtifactWriter.RUN, "step " + s.index() + " lacks its id, action or status");
            }
        }
        if (run.status() == null) {
            throw corrupt(null, ArtifactWriter.RUN, "it has no status");
        }
        return run;
    }

    private SnapshotRecord checked(Path dir, String rel, String name, SnapshotRecord s) {
        if (s.seq() != Integer.parseInt(name.substring(0, 6))) {
            throw corrupt(dir, rel, "its seq " + s.seq() + " does not match its file name");
        }
        ScreenView v = s.screen();
        if (v == null || v.lines() == null || v.cursor() == null) {
            throw corrupt(dir, rel, "it has no screen with lines and a cursor");
        }
        if (v.rows() < 1 || v.cols() < 1 || v.rows() > limits.maxScreenSide() || v.cols() > limits.maxScreenSide()) {
            throw corrupt(dir, rel, "its screen size " + v.rows() + "x" + v.cols() + " is outside 1.."
                    + limits.maxScreenSide());
        }
        if (v.lines().size() > v.rows() || v.cells() != null && (v.cells().size() > v.rows()
                || v.cells().stream().anyMatch(r -> r == null || r.size() > v.cols()
                || r.stream().anyMatch(c -> c == null || c.ch() == null || c.style() == null)))
                || v.runs() != null && (v.runs().size() > v.rows() || v.runs().stream().anyMatch(r -> r == null
                || r.stream().anyMatch(run -> run == null || run.text() == null || run.col() < 0
                || run.col() >= v.cols())))) {
            throw corrupt(dir, rel, "its lines or cells do not fit its " + v.rows() + "x" + v.cols() + " screen");
        }
        return s.withCells();
    }

    private static UictlException corrupt(Path dir, String file, String why) {
        UictlException e = UictlException.of(ErrorCode.IO_ERROR, file + " is corrupt: " + why)
                .withHint("Record the run again with --artifacts; `uictl trace --help` says what the "
                        + "directory holds (docs/artifacts.md has the format).")
                .withDetail("file", file).withDetail("kind", "corrupt");
        return dir == null ? e : e.withDetail("path", dir.toString());
    }

    private static UictlException tooLarge(Path dir, String file, String what, long limit) {
        UictlException e = UictlException.of(ErrorCode.INVALID_ARGS, file + " is too large for a trace: " + what)
                .withHint("Trace a shorter run: split a long scenario into several scenario files.")
                .withDetail("file", file).withDetail("kind", "too_large").withDetail("limit", limit);
        return dir == null ? e : e.withDetail("path", dir.toString());
    }

    private static UictlException unreadable(Path file, IOException e) {
        return UictlException.of(ErrorCode.IO_ERROR, "cannot read " + file + ": " + e.getMessage()).withCause(e)
                .withDetail("path", file.toString());
    }
}
