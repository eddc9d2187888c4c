package dev.uictl.app.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.UictlRun;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The trace command in-process over a real recorded run: its examples write a valid page, and broken or hostile
 * artifact directories (each a copy of the real one with one thing changed) fail with their tabled codes and leave
 * no page behind; a tampered file is reported by the checksum comparison.
 */
class TraceContractTest {
    @TempDir
    static Path tmp;
    private static Path recorded;

    @BeforeAll
    static void record() {
        recorded = tmp.resolve("run");
        RecordedRun.record(recorded);
    }

    @Test
    void everyExampleWritesAPageOfTheRun() throws IOException {
        List<CommandSpec> specs = UictlRun.app().dispatcher().registry().specs().stream()
                .filter(s -> s.name().equals("trace")).toList();
        assertThat(specs).hasSize(1);
        assertThat(specs.getFirst().category()).isEqualTo(Category.SCRIPTED);
        JsonNode run = Json.parse(Files.readString(recorded.resolve("run.json")));
        long snapshotFiles;
        try (Stream<Path> s = Files.list(recorded.resolve("snapshots"))) {
            snapshotFiles = s.count();
        }
        for (Example e : specs.getFirst().examples()) {
            Path page = tmp.resolve("example.html");
            String[] argv = e.commandLine().replace("./artifacts", recorded.toString())
                    .replace("trace.html", page.toString()).split(" "); // the examples have no quoted words
            UictlRun.Output out = UictlRun.run(argv);
            JsonNode data = success(out);
            assertThat(data.get("output").asString()).isEqualTo(page.toString());
            assertThat(data.get("run_id").asString()).isEqualTo(run.get("run_id").asString());
            assertThat(data.get("status").asString()).isEqualTo("failed");
            assertThat(data.get("steps").asInt()).isEqualTo(run.get("steps").size());
            assertThat(data.get("snapshots").asLong()).isEqualTo(snapshotFiles);
            assertThat(data.get("checksum_mismatches")).isEmpty();
            String html = Files.readString(page);
            assertThat(data.get("bytes").asLong()).isEqualTo(Files.size(page));
            assertThat(html.split("class=\"observation\"", -1)).hasSize((int) snapshotFiles + 1);
            assertThat(html).contains("&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;")
                    .doesNotContain(RecordedRun.HOSTILE_ID).doesNotContain("<img").doesNotContain("http:")
                    .doesNotContain("https:");
        }
    }

    @Test
    void aTamperedFileIsReportedByTheChecksums() throws IOException {
        Path copy = copy("tampered", dir -> append(dir.resolve("transcript.log"), "99 1 \"forged\"\n"));
        Path page = tmp.resolve("tampered.html");
        JsonNode data = success(UictlRun.run("trace", "--artifacts", copy.toString(), "--output", page.toString()));
        assertThat(data.get("checksum_mismatches")).extracting(JsonNode::asString).containsExactly("transcript.log");
        assertThat(Files.readString(page)).contains("MISMATCH: transcript.log").contains("forged");
    }

    static Stream<Arguments> brokenDirectories() {
        return Stream.of(
                Arguments.of("no such directory", (Consumer<Path>) dir -> delete(dir), ErrorCode.INVALID_ARGS),
                Arguments.of("no run.json", (Consumer<Path>) dir -> delete(dir.resolve("run.json")),
                        ErrorCode.INVALID_ARGS),
                Arguments.of("run.json is not JSON", (Consumer<Path>) dir -> write(dir.resolve("run.json"), "{not json"),
                        ErrorCode.IO_ERROR),
                Arguments.of("run.json of another version", (Consumer<Path>) dir -> rewrite(dir.resolve("run.json"),
                        "\"run_result_version\" : 1", "\"run_result_version\" : 2"), ErrorCode.INVALID_ARGS),
                Arguments.of("a step names a path out of snapshots/", (Consumer<Path>) dir -> rewrite(
                        dir.resolve("run.json"), "\"snapshots/000002.json\"", "\"snapshots/../../../etc/passwd\""),
                        ErrorCode.IO_ERROR),
                Arguments.of("a step's snapshot was removed", (Consumer<Path>) dir -> delete(
                        dir.resolve("snapshots/000002.json")), ErrorCode.SNAPSHOT_NOT_FOUND),
                Arguments.of("a snapshot is not a snapshot", (Consumer<Path>) dir -> write(
                        dir.resolve("snapshots/000001.json"), "{\"seq\": 1}"), ErrorCode.IO_ERROR),
                Arguments.of("a snapshot is too large", (Consumer<Path>) dir -> append(
                        dir.resolve("snapshots/000001.json"), " ".repeat(5 << 20)), ErrorCode.INVALID_ARGS),
                Arguments.of("an events line is not JSON", (Consumer<Path>) dir -> append(dir.resolve("events.jsonl"),
                        "{oops\n"), ErrorCode.IO_ERROR),
                Arguments.of("a transcript line is malformed", (Consumer<Path>) dir -> append(
                        dir.resolve("transcript.log"), "nonsense\n"), ErrorCode.IO_ERROR));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenDirectories")
    void aBrokenDirectoryFailsWithItsCodeAndWritesNothing(String what, Consumer<Path> damage, ErrorCode code) {
        Path copy = copy(what.replaceAll("[^a-z]+", "-"), damage);
        Path page = tmp.resolve(copy.getFileName() + ".html");
        UictlRun.Output out = UictlRun.run("trace", "--artifacts", copy.toString(), "-o", page.toString());
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo(code.name());
        assertThat(out.exit()).isEqualTo(code.exitCode());
        assertThat(Files.exists(page)).isFalse();
    }

    @Test
    void theOutputMayNotReplaceAnArtifactAndBothPathsAreRequired() {
        Path copy = copy("own-output", dir -> { });
        UictlRun.Output onRun = UictlRun.run("trace", "--artifacts", copy.toString(), "-o",
                copy.resolve("run.json").toString());
        assertThat(ContractAssert.envelope(onRun).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(Files.exists(copy.resolve("run.json"))).isTrue();
        UictlRun.Output inSnapshots = UictlRun.run("trace", "--artifacts", copy.toString(), "-o",
                copy.resolve("snapshots/x.html").toString());
        assertThat(ContractAssert.envelope(inSnapshots).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        UictlRun.Output noOutput = UictlRun.run("trace", "--artifacts", copy.toString());
        assertThat(ContractAssert.envelope(noOutput).get("error").get("code").asString())
                .isEqualTo("MISSING_REQUIRED");
        // beside the artifacts is fine
        success(UictlRun.run("trace", "--artifacts", copy.toString(), "-o", copy.resolve("trace.html").toString()));
    }

    private static JsonNode success(UictlRun.Output out) {
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        assertThat(e.get("command").asString()).isEqualTo("trace");
        return e.get("data");
    }

    /** A copy of the recorded directory with {@code damage} done to it. */
    private static Path copy(String name, Consumer<Path> damage) {
        Path target = tmp.resolve("copy-" + name);
        try (Stream<Path> files = Files.walk(recorded)) {
            for (Path p : files.toList()) {
                Files.copy(p, target.resolve(recorded.relativize(p).toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        damage.accept(target);
        return target;
    }

    private static void delete(Path path) {
        try (Stream<Path> files = Files.walk(path)) {
            for (Path p : new ArrayList<>(files.toList()).reversed()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void append(Path file, String text) {
        try {
            Files.writeString(file, text, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void rewrite(Path file, String from, String to) {
        try {
            String text = Files.readString(file);
            assertThat(text).contains(from);
            Files.writeString(file, text.replace(from, to));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
