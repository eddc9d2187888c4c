package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.file.ArtifactFile;
import dev.uictl.core.file.OwnerOnly;
import dev.uictl.core.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Writes one run's artifact directory (docs/artifacts.md). JSON files go through {@link ArtifactFile} (atomic);
 * {@code events.jsonl} and {@code transcript.log} are appended one whole line per write. SHA-256 of every file is
 * kept as it is written (appended files hash incrementally) and {@code checksums.json} is rewritten after every
 * write, so whenever the run is killed the directory is complete and consistent (up to the one write in flight).
 */
public final class ArtifactWriter {
    public static final String RUN = "run.json";
    public static final String POLICY = "policy.json";
    public static final String SCENARIO = "scenario.json";
    public static final String TRANSCRIPT = "transcript.log";
    public static final String EVENTS = "events.jsonl";
    public static final String NORMALIZATION = "normalization.json";
    public static final String CHECKSUMS = "checksums.json";
    public static final String SNAPSHOTS = "snapshots";

    private final Path dir;
    private final Map<String, String> sums = new TreeMap<>();
    private final Map<String, MessageDigest> appending = new LinkedHashMap<>();
    private final Map<String, FileChannel> channels = new LinkedHashMap<>();

    private ArtifactWriter(Path dir) {
        this.dir = dir;
    }

    /**
     * Prepares {@code dir} (created if absent, parents included). An existing directory that holds files is refused
     * unless {@code overwrite}, which empties the artifact files (earlier replay-* directories are kept).
     */
    public static ArtifactWriter create(Path dir, boolean overwrite) {
        Path abs = dir.toAbsolutePath().normalize();
        try {
            if (Files.isSymbolicLink(abs)) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "the artifacts directory " + abs + " is a symbolic link")
                        .withHint("Give the real directory.").withDetail("path", abs.toString());
            }
            if (Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
                if (!Files.isDirectory(abs, LinkOption.NOFOLLOW_LINKS)) {
                    throw UictlException.of(ErrorCode.INVALID_ARGS, abs + " exists and is not a directory")
                            .withHint("Give a new or empty directory for --artifacts.").withDetail("path", abs.toString());
                }
                try (Stream<Path> entries = Files.list(abs)) {
                    if (entries.findAny().isPresent()) {
                        if (!overwrite) {
                            throw UictlException.of(ErrorCode.INVALID_ARGS, "the artifacts directory " + abs
                                            + " is not empty")
                                    .withHint("Give a new directory, or pass --overwrite to replace the artifacts in it.")
                                    .withDetail("path", abs.toString());
                        }
                        clear(abs);
                    }
                }
            }
            // a run's screens and transcript can hold what was typed: directories made here are 0700, files 0600
            Files.createDirectories(abs.resolve(SNAPSHOTS), OwnerOnly.DIRECTORY);
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.IO_ERROR, "cannot prepare " + abs + ": " + e.getMessage()).withCause(e)
                    .withDetail("path", abs.toString());
        }
        return new ArtifactWriter(abs);
    }

    private static void clear(Path abs) throws IOException {
        for (String f : new String[] {RUN, POLICY, SCENARIO, TRANSCRIPT, EVENTS, NORMALIZATION, CHECKSUMS,
                "replay.json", "diff.json"}) {
            Files.deleteIfExists(abs.resolve(f));
        }
        Path snaps = abs.resolve(SNAPSHOTS);
        if (Files.isDirectory(snaps, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> s = Files.list(snaps)) {
                for (Path p : s.toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    public Path dir() {
        return dir;
    }

    /** Writes a JSON file (pretty) atomically. */
    public synchronized void json(String relative, Object value) {
        write(relative, (Json.writePretty(value) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Writes a JSON file on one line, atomically (snapshots: their cells make pretty printing several times larger). */
    public synchronized void compactJson(String relative, Object value) {
        write(relative, (Json.write(value) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private void write(String relative, byte[] bytes) {
        ArtifactFile.write(dir.resolve(relative), bytes);
        sums.put(relative, hex(sha256().digest(bytes)));
        flush(); // checksums.json follows every write, so a run killed at any point leaves a consistent set
    }

    /** Appends one line (with its newline) in one write. */
    public synchronized void append(String relative, String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        try {
            FileChannel ch = channels.get(relative);
            if (ch == null) {
                ch = FileChannel.open(dir.resolve(relative), Set.of(StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), OwnerOnly.FILE);
                channels.put(relative, ch);
                appending.put(relative, sha256());
            }
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.IO_ERROR, "cannot append to " + dir.resolve(relative) + ": "
                    + e.getMessage()).withCause(e).withDetail("path", dir.resolve(relative).toString());
        }
        MessageDigest md = appending.get(relative);
        md.update(bytes);
        try {
            sums.put(relative, hex(((MessageDigest) md.clone()).digest()));
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("SHA-256 digests are cloneable", e);
        }
        flush();
    }

    /** Makes sure an appended file exists (empty) so every run has the full set of files. */
    public synchronized void touch(String relative) {
        append(relative, "");
    }

    /** Writes checksums.json for every file so far. */
    public synchronized void flush() {
        ArtifactFile.write(dir.resolve(CHECKSUMS), (Json.writePretty(new Checksums(1, "sha256", new TreeMap<>(sums)))
                + "\n").getBytes(StandardCharsets.UTF_8));
    }

    public synchronized void close() {
        flush();
        for (FileChannel ch : channels.values()) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // the bytes were written with each append
            }
        }
        channels.clear();
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }

    /** SHA-256 of a file, hex. */
    public static String sha256(Path file) throws IOException {
        MessageDigest md = sha256();
        try (var in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] buf = new byte[65536];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return hex(md.digest());
    }
}
