package dev.uictl.app.scenario;

import static dev.uictl.app.scenario.Scenarios.contains;
import static dev.uictl.app.scenario.Scenarios.text;
import static dev.uictl.app.scenario.Scenarios.waitExit;
import static dev.uictl.app.scenario.Scenarios.waitText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.e2e.Cli;
import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Replay of recorded runs (pass, changed output, tampered artifacts), a killed run, and the driver protocol. */
class ReplayAndDriverTest {
    @TempDir
    Path work;

    /** The fixture shows data.txt; the test changes that file to change the program's output. */
    private Path record(Path dir) throws Exception {
        Files.writeString(work.resolve("data.txt"), "alpha\nbeta\ngamma\n");
        String sc = Scenarios.scenario("show", List.of("/usr/bin/python3", Scenarios.FIXTURE.toString()),
                Scenarios.unsandboxed(work, "/usr/bin/python3"), 12, 40,
                waitText("ready", "ready"),
                text("show", "show data.txt\r", contains("gamma")),
                text("quit", "quit 0\r", ""),
                waitExit("exit", 0));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "show.json", sc).toString(),
                "--artifacts", dir.toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
        return dir;
    }

    @Test
    void aReplayOfAnUnchangedProgramPassesAndAChangedOneFailsWithALineDiff() throws Exception {
        Path dir = record(work.resolve("rec"));
        Scenarios.Run same = Scenarios.run("replay", "--artifacts", dir.toString());
        assertThat(same.passed()).as(same.output().stdout()).isTrue();
        assertThat(same.result().get("status").asString()).isEqualTo("passed");
        assertThat(same.result().get("compared").get("snapshots").asInt()).isGreaterThanOrEqualTo(5);
        assertThat(Scenarios.json(dir.resolve("replay-001/replay.json")).get("status").asString()).isEqualTo("passed");

        Files.writeString(work.resolve("data.txt"), "alpha\nBETA\ngamma\n");
        Scenarios.Run changed = Scenarios.run("replay", "--artifacts", dir.toString());
        assertThat(changed.errorCode()).isEqualTo("REPLAY_MISMATCH");
        assertThat(changed.output().exit()).isEqualTo(11);
        JsonNode diff = Scenarios.json(dir.resolve("replay-002/diff.json"));
        List<String> lines = new java.util.ArrayList<>();
        for (JsonNode entry : diff.get("entries")) {
            for (JsonNode l : entry.get("diff")) {
                lines.add(entry.get("kind").asString() + " " + l.get("op").asString() + l.get("line").asString());
            }
        }
        assertThat(lines).contains("snapshot -|beta", "snapshot +|BETA");
        assertThat(lines).anyMatch(l -> l.startsWith("transcript -beta")).anyMatch(l -> l.startsWith("transcript +BETA"));
        // precise: the unchanged rows are context, never reported as changed
        assertThat(lines).noneMatch(l -> l.matches("\\w+ [-+]\\|?(alpha|gamma).*"));
        Scenarios.Run report = Scenarios.run("replay-report", "--artifacts", dir.toString());
        assertThat(report.passed()).isTrue();
        assertThat(report.result().get("dir").asString()).endsWith("replay-002");
        assertThat(report.result().get("replay").get("status").asString()).isEqualTo("failed");
    }

    /**
     * A run's screens, events and transcript can hold what was typed: the directories uictl makes are 0700 and every
     * file 0600, the replay's too (before, events.jsonl and transcript.log were 0644 and the directories 0755 under
     * the usual umask). The modes are read from the file system.
     */
    @Test
    void artifactsArePrivateToTheUser() throws Exception {
        Path dir = record(work.resolve("private"));
        assertThat(Scenarios.run("replay", "--artifacts", dir.toString()).passed()).isTrue();
        try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.toList()) {
                String mode = java.nio.file.attribute.PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(p, java.nio.file.LinkOption.NOFOLLOW_LINKS));
                assertThat(mode).as(p.toString()).isEqualTo(Files.isDirectory(p) ? "rwx------" : "rw-------");
            }
        }
    }

    /** Every replay-NNN name taken (replay-001 … replay-9999): IO_ERROR before anything runs, nothing added. */
    @Test
    void aRecordingWithNoReplayNameLeftIsAnIoErrorAndRunsNothing() throws Exception {
        Path dir = record(work.resolve("full"));
        for (int i = 1; i < 10_000; i++) {
            Files.createDirectory(dir.resolve("replay-%03d".formatted(i)));
        }
        long entries;
        try (var s = Files.list(dir)) {
            entries = s.count();
        }
        Scenarios.Run r = Scenarios.run("replay", "--artifacts", dir.toString());
        assertThat(r.errorCode()).as(r.output().stdout()).isEqualTo("IO_ERROR");
        assertThat(r.envelope().get("error").get("message").asString()).contains("too many replays");
        try (var s = Files.list(dir)) {
            assertThat(s.count()).as("no replay directory added").isEqualTo(entries);
        }
    }

    /** replay-report before any replay names what is missing; on a directory that is not there, an IO_ERROR. */
    @Test
    void aReportWithoutAReplayOrADirectoryFailsPlainly() throws Exception {
        Path empty = java.nio.file.Files.createDirectories(work.resolve("never-replayed"));
        assertThat(Scenarios.run("replay-report", "--artifacts", empty.toString()).errorCode())
                .isEqualTo("SNAPSHOT_NOT_FOUND");
        Scenarios.Run missing = Scenarios.run("replay-report", "--artifacts", work.resolve("absent").toString());
        assertThat(missing.errorCode()).isEqualTo("IO_ERROR");
        assertThat(missing.output().stdout()).contains("does not exist");
    }

    /** Snapshots hold their cells as runs; the replay expands them and still compares every cell's style. */
    @Test
    void aReplayComparesTheStylesOfTheCellsTheRunsHold() throws Exception {
        Path dir = record(work.resolve("rec"));
        Path snap = dir.resolve("snapshots/000002.json");
        tools.jackson.databind.node.ObjectNode record = (tools.jackson.databind.node.ObjectNode) Scenarios.json(snap);
        tools.jackson.databind.node.ObjectNode firstRun =
                (tools.jackson.databind.node.ObjectNode) record.get("screen").get("runs").get(0).get(0);
        firstRun.set("style", Json.parse("{\"bold\":true}"));
        Files.writeString(snap, Json.write(record));
        // the checksum follows, as if the recording had been bold: only the replay's comparison can tell
        tools.jackson.databind.node.ObjectNode sums = (tools.jackson.databind.node.ObjectNode)
                Scenarios.json(dir.resolve("checksums.json"));
        ((tools.jackson.databind.node.ObjectNode) sums.get("files")).put("snapshots/000002.json",
                java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                        .digest(Files.readAllBytes(snap))));
        Files.writeString(dir.resolve("checksums.json"), Json.write(sums));
        Scenarios.Run r = Scenarios.run("replay", "--artifacts", dir.toString());
        assertThat(r.errorCode()).as(r.output().stdout()).isEqualTo("REPLAY_MISMATCH");
        JsonNode diff = Scenarios.json(dir.resolve("replay-001/diff.json"));
        assertThat(diff.get("entries").get(0).get("path").asString()).isEqualTo("snapshots/000002.json");
        List<String> lines = new java.util.ArrayList<>();
        diff.get("entries").get(0).get("diff").forEach(l -> lines.add(l.get("op").asString() + l.get("line").asString()));
        // the recorded row 0 as altered (bold, default colour) against the replay's (the fixture's own style)
        assertThat(lines).anyMatch(l -> l.startsWith("-styles 0: ") && l.contains("\"fg\":\"default\"")
                && l.contains("\"bold\":true")).anyMatch(l -> l.startsWith("+styles 0: "));
    }

    @Test
    void aTamperedOrAddedArtifactFailsTheChecksumBeforeAnythingRuns() throws Exception {
        Path dir = record(work.resolve("rec"));
        Path snap = dir.resolve("snapshots/000002.json");
        String original = Files.readString(snap);
        Files.writeString(snap, original.replace("ready", "READY"));
        Scenarios.Run r = Scenarios.run("replay", "--artifacts", dir.toString());
        assertThat(r.errorCode()).isEqualTo("REPLAY_MISMATCH");
        assertThat(r.envelope().get("error").get("details").get("kind").asString()).isEqualTo("checksum");
        assertThat(r.envelope().get("error").get("details").get("path").asString()).isEqualTo("snapshots/000002.json");
        assertThat(dir.resolve("replay-001")).doesNotExist();

        Files.writeString(snap, original);
        Files.writeString(dir.resolve("snapshots/000099.json"), original);
        r = Scenarios.run("replay", "--artifacts", dir.toString());
        assertThat(r.errorCode()).isEqualTo("REPLAY_MISMATCH");
        assertThat(r.envelope().get("error").get("message").asString()).contains("000099.json");
    }

    @Test
    void strictAndNormalizeCannotBeCombinedAndUnknownFiltersAreRefused() throws Exception {
        Path dir = record(work.resolve("rec"));
        assertThat(Scenarios.run("replay", "--artifacts", dir.toString(), "--strict", "--normalize", "run_id")
                .errorCode()).isEqualTo("INVALID_ARGS");
        assertThat(Scenarios.run("replay", "--artifacts", dir.toString(), "--normalize", "bogus").errorCode())
                .isEqualTo("INVALID_ARGS");
        // strict compares the run ids too, so an exact replay still differs
        Scenarios.Run strict = Scenarios.run("replay", "--artifacts", dir.toString(), "--strict");
        assertThat(strict.errorCode()).isEqualTo("REPLAY_MISMATCH");
        assertThat(Scenarios.json(dir.resolve("replay-001/replay.json")).get("normalization").get("source")
                .asString()).isEqualTo("cli");
    }

    @Test
    void aRunKilledMidWayLeavesCompleteParseableArtifacts() throws Exception {
        Cli.requireBuilt();
        Path dir = work.resolve("killed");
        String sc = Scenarios.scenario("slow", List.of("/usr/bin/python3", Scenarios.FIXTURE.toString()),
                Scenarios.unsandboxed(work, "/usr/bin/python3"), 12, 40,
                waitText("ready", "ready"),
                text("count", "count 2\r", contains("line 2")),
                waitText("never", "this text never appears"));
        Path file = Scenarios.write(work, "slow.json", sc);
        Cli cli = new Cli("java", work.resolve("rt"));
        Process p = cli.builder(java.util.Map.of(), "run", "--scenario", file.toString(), "--artifacts",
                dir.toString()).start();
        // another process's file: polled, there is no event to wait on
        Poll.until("the run at its last step", Duration.ofSeconds(30), () -> Scenarios.read(dir.resolve("events.jsonl"))
                .contains("\"step_id\":\"never\""));
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
        try {
            // the daemon sees its client gone, cancels the run and writes its end
            Poll.holdsWithin(Duration.ofSeconds(20), () -> !Scenarios.json(dir.resolve("run.json")).get("status")
                    .asString().equals("running"));
            // the writer rewrites checksums.json right after each file (consistent up to the one write in flight):
            // once it has stopped writing, the set must be consistent
            int files = Poll.value("a consistent artifact set", Duration.ofSeconds(10), () -> {
                try {
                    return Optional.of(Scenarios.assertComplete(dir));
                } catch (AssertionError inFlight) {
                    return Optional.empty();
                }
            });
            assertThat(files).isGreaterThanOrEqualTo(8);
            JsonNode run = Scenarios.json(dir.resolve("run.json"));
            assertThat(run.get("status").asString()).isIn("running", "canceled");
            assertThat(run.get("steps").get(1).get("status").asString()).isEqualTo("passed");
            assertThat(Scenarios.jsonl(dir.resolve("events.jsonl"))).isNotEmpty();
        } finally {
            cli.run("daemon", "stop");
        }
    }

    @Test
    void theDriverAnswersEveryRequestAndABadOneDoesNotEndTheSession() {
        String requests = String.join("\n",
                "not json",
                "{\"protocol_version\":1,\"request_id\":\"old\",\"action\":{\"type\":\"observe\",\"payload\":{}}}",
                "{\"protocol_version\":2,\"request_id\":\"bad-action\",\"action\":{\"type\":\"fly\",\"payload\":{}}}",
                "{\"protocol_version\":2,\"request_id\":\"r1\",\"action\":{\"type\":\"text\",\"payload\":{\"text\":\"hi there\\r\"}},"
                        + "\"assert\":[{\"type\":\"line_equals\",\"payload\":{\"line\":1,\"text\":\"hi there\"}}],\"retries\":5}",
                "{\"protocol_version\":2,\"request_id\":7,\"action\":{\"type\":\"wait\",\"payload\":{\"condition\":"
                        + "{\"type\":\"screen_contains\",\"payload\":{\"text\":\"never\"}}}},\"timeout_ms\":200}",
                "{\"protocol_version\":2,\"request_id\":\"r3\",\"action\":{\"type\":\"key\",\"payload\":{\"key\":\"C-d\"}}}",
                "") ;
        Scenarios.Run unused = null;
        dev.uictl.app.UictlRun.Output out = dev.uictl.app.UictlRun.run(java.util.Map.of(), requests, "driver", "--stdio",
                "--size", "10x50", "--allow-exec", "/usr/bin/cat", "--cwd", work.toString(), "--allow-read",
                work.toString(), "--artifacts", work.resolve("drv").toString(), "--", "cat");
        dev.uictl.app.ContractLedger.recordMessageErrors("driver", out.stdout());
        List<JsonNode> lines = out.stdout().lines().map(Json::parse).toList();
        assertThat(lines.getFirst().get("type").asString()).as(out.stdout()).isEqualTo("handshake");
        assertThat(lines.getFirst().get("terminal_size").get("cols").asInt()).isEqualTo(50);
        assertThat(lines.getFirst().get("supported_conditions")).extracting(JsonNode::asString).contains("screen_stable");
        List<JsonNode> responses = lines.subList(1, lines.size() - 1);
        assertThat(responses).hasSize(6);
        assertThat(responses.get(0).get("error").get("code").asString()).isEqualTo("PROTOCOL_ERROR");
        assertThat(responses.get(1).get("error").get("code").asString()).isEqualTo("PROTOCOL_VERSION_MISMATCH");
        assertThat(responses.get(1).get("request_id").asString()).isEqualTo("old");
        assertThat(responses.get(2).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        JsonNode ok = responses.get(3);
        assertThat(ok.get("request_id").asString()).isEqualTo("r1");
        assertThat(ok.get("status").asString()).isEqualTo("ok");
        assertThat(ok.get("observation").get("transcript_delta").asString()).contains("hi there\r\nhi there\r\n");
        assertThat(ok.get("budget_status").get("steps_used").asInt()).isEqualTo(1);
        JsonNode timedOut = responses.get(4);
        assertThat(timedOut.get("request_id").asInt()).isEqualTo(7);
        assertThat(timedOut.get("error").get("code").asString()).isEqualTo("TIMEOUT");
        assertThat(timedOut.get("error").get("session_ended").asBoolean()).isFalse();
        assertThat(responses.get(5).get("status").asString()).isEqualTo("ok");
        assertThat(responses).extracting(r -> r.get("action_metrics").get("sequence").asInt())
                .containsExactly(1, 2, 3, 4, 5, 6);
        JsonNode end = lines.getLast();
        assertThat(end.get("type").asString()).isEqualTo("end");
        assertThat(end.get("run_result").get("exit").get("code").asInt()).isZero();
        // the session was recorded as a scenario of its good requests
        JsonNode scenario = Scenarios.json(work.resolve("drv/scenario.json"));
        assertThat(scenario.get("steps")).extracting(s -> s.get("id").asString()).containsExactly("r1", "7", "r3");
        Scenarios.assertComplete(work.resolve("drv"));
        assertThat(new String(out.stderr().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEmpty();
    }

    /**
     * Issue 26 item 3, reproduced with cat: the terminate request was answered ok and the program killed, but the end
     * line only came when stdin closed. Here stdin stays open until the driver has returned.
     */
    @Test
    void aTerminateRequestEndsTheSessionWhileStdinIsStillOpen() throws Exception {
        PipedOutputStream requests = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(requests, 1 << 16);
        requests.write(("{\"protocol_version\":2,\"request_id\":\"bye\",\"action\":{\"type\":\"terminate\","
                + "\"payload\":{}}}\n").getBytes(StandardCharsets.UTF_8));
        requests.flush();
        CompletableFuture<dev.uictl.app.UictlRun.Output> driver = CompletableFuture.supplyAsync(() ->
                dev.uictl.app.UictlRun.run(Path.of("."), stdin, "driver", "--stdio", "--allow-exec", "/usr/bin/cat", "--cwd",
                        work.toString(), "--allow-read", work.toString(), "--", "cat"));
        try {
            dev.uictl.app.UictlRun.Output out = driver.get(30, TimeUnit.SECONDS);
            List<JsonNode> lines = out.stdout().lines().map(Json::parse).toList();
            assertThat(lines).extracting(l -> l.get("type").asString())
                    .containsExactly("handshake", "response", "end");
            assertThat(lines.get(1).get("status").asString()).isEqualTo("ok");
            JsonNode result = lines.getLast().get("run_result");
            assertThat(result.get("terminated_by_harness").asBoolean()).isTrue();
            assertThat(result.get("exit").get("signal").asString()).isEqualTo("TERM");
        } finally {
            requests.close();
        }
    }

    /**
     * A step whose output scrolls past the screen stays at most 2 KB: transcript_delta keeps its last 256 characters
     * and counts the rest (the raw output doubled the text on the screen); the whole delta comes with the cells.
     * The oracle is the file cat printed.
     */
    @Test
    void aScreenfulOfOutputKeepsADriverStepAt2KB() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            text.append(String.format("%6d bytes  file-number-%02d.txt%n", i * 1000, i));
        }
        Files.writeString(work.resolve("listing.txt"), text);
        String show = "{\"protocol_version\":2,\"request_id\":\"%s\",\"action\":{\"type\":\"text\",\"payload\":"
                + "{\"text\":\"listing.txt\\r\"}},\"assert\":[{\"type\":\"screen_contains\",\"payload\":{\"text\":"
                + "\"file-number-40\"}}],\"retries\":5,\"timeout_ms\":5000%s}";
        String requests = String.join("\n", show.formatted("r1", ""), show.formatted("r2", ",\"cells\":true"), "");
        dev.uictl.app.UictlRun.Output out = dev.uictl.app.UictlRun.run(java.util.Map.of(), requests, "driver", "--stdio",
                "--size", "24x80", "--allow-exec", "/usr/bin/xargs", "--allow-exec", "/usr/bin/cat", "--cwd",
                work.toString(), "--allow-read", work.toString(), "--", "xargs", "-L", "1", "cat");
        List<String> lines = out.stdout().lines().toList();
        JsonNode first = Json.parse(lines.get(1)).get("observation");
        assertThat(lines.get(1).getBytes(StandardCharsets.UTF_8).length).as(lines.get(1)).isLessThanOrEqualTo(2048);
        String kept = first.get("transcript_delta").asString();
        assertThat(kept).hasSize(256);
        String whole = "listing.txt\r\n" + text.toString().replace("\n", "\r\n");
        assertThat(whole).endsWith(kept);
        assertThat(first.get("transcript_omitted").asInt()).isEqualTo(whole.length() - 256);
        JsonNode second = Json.parse(lines.get(2)).get("observation");
        assertThat(second.get("transcript_delta").asString()).isEqualTo(whole);
        assertThat(second.has("transcript_omitted")).isFalse();
    }

    /**
     * Issue 26 item 9: every driver message carried every cell, 289 KB per step at 24x80 (109 KB at 12x60). By
     * default a step is now its text, cursor and changed rows, at most 2 KB at 24x80; cells come on request. The
     * text is checked against what cat wrote (transcript_delta).
     */
    @Test
    void aDriverStepAt24x80IsAtMost2KBAndCellsComeOnRequest() {
        String requests = String.join("\n",
                "{\"protocol_version\":2,\"request_id\":\"r1\",\"action\":{\"type\":\"text\",\"payload\":{\"text\":\"hello\\r\"}}}",
                "{\"protocol_version\":2,\"request_id\":\"r2\",\"action\":{\"type\":\"observe\",\"payload\":{}}}",
                "{\"protocol_version\":2,\"request_id\":\"r3\",\"action\":{\"type\":\"observe\",\"payload\":{}},"
                        + "\"cells\":true}",
                "{\"protocol_version\":2,\"request_id\":\"r4\",\"action\":{\"type\":\"key\",\"payload\":{\"key\":\"C-d\"}}}",
                "");
        dev.uictl.app.UictlRun.Output out = dev.uictl.app.UictlRun.run(java.util.Map.of(), requests, "driver", "--stdio",
                "--size", "24x80", "--allow-exec", "/usr/bin/cat", "--cwd", work.toString(), "--allow-read",
                work.toString(), "--", "cat");
        List<String> lines = out.stdout().lines().toList();
        List<JsonNode> messages = lines.stream().map(Json::parse).toList();
        assertThat(messages).extracting(m -> m.get("type").asString())
                .containsExactly("handshake", "response", "response", "response", "response", "end");
        for (int i : List.of(0, 1, 2, 4)) {
            assertThat(lines.get(i).getBytes(StandardCharsets.UTF_8).length).as("message %d: %s", i, lines.get(i))
                    .isLessThanOrEqualTo(2048);
        }
        JsonNode typed = messages.get(1).get("observation");
        assertThat(typed.get("transcript_delta").asString()).isEqualTo("hello\r\nhello\r\n");
        assertThat(typed.get("screen").get("lines")).extracting(JsonNode::asString).containsExactly("hello", "hello");
        assertThat(typed.get("screen").get("changed")).extracting(JsonNode::asInt).containsExactly(0, 1);
        assertThat(typed.get("screen").has("cells")).isFalse();
        assertThat(messages.get(2).get("observation").get("screen").get("changed")).isEmpty();
        JsonNode cells = messages.get(3).get("observation").get("screen").get("cells");
        assertThat(cells).hasSize(24);
        assertThat(cells.get(1)).hasSize(80);
        assertThat(cells.get(1).get(0).get("ch").asString()).isEqualTo("h");
    }
}
