package dev.uictl.app.scenario;

import static dev.uictl.app.scenario.Scenarios.contains;
import static dev.uictl.app.scenario.Scenarios.key;
import static dev.uictl.app.scenario.Scenarios.step;
import static dev.uictl.app.scenario.Scenarios.text;
import static dev.uictl.app.scenario.Scenarios.waitExit;
import static dev.uictl.app.scenario.Scenarios.waitText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Scenarios against the fixture TUI and real programs, run through the dispatcher on real pseudo-terminals. Each
 * effect is checked beside the product's own verdict: the transcript the program wrote, files on disk, the exit
 * code, checksums recomputed here.
 */
class ScenarioRunTest {
    @TempDir
    Path work;

    @Test
    void theShippedExampleRunsInTheSandboxAndLeavesCompleteArtifacts() throws Exception {
        Path dir = work.resolve("artifacts");
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.HOME.resolve("examples/scenarios/echo.json")
                .toString(), "--artifacts", dir.toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
        JsonNode result = r.result();
        assertThat(result.get("sandbox").asString()).isEqualTo("bwrap");
        assertThat(result.get("exit").get("code").asInt()).isZero();
        assertThat(result.get("steps")).extracting(s -> s.get("status").asString()).containsOnly("passed");
        // cat really echoed the line: the raw output, as the program wrote it
        String transcript = dev.uictl.engine.scenario.artifacts.TranscriptLog.read(dir.resolve("transcript.log"));
        assertThat(transcript).contains("hello\r\nhello\r\n");
        assertThat(Scenarios.assertComplete(dir)).isGreaterThanOrEqualTo(10);
        JsonNode snap = Scenarios.json(dir.resolve("snapshots/000003.json"));
        assertThat(snap.get("step_id").asString()).isEqualTo("enter");
        assertThat(snap.get("snapshot_file_version").asInt()).isEqualTo(2);
        assertThat(snap.get("screen").has("cells")).isFalse();
        assertThat(snap.get("screen").get("runs")).hasSize(10);
        // cell by cell a file was ~210 KB at 24x80; as runs it is what the screen shows
        assertThat(Files.size(dir.resolve("snapshots/000003.json"))).isLessThan(4096);
        assertThat(snap.get("screen").get("lines").get(1).asString()).isEqualTo("hello");
        JsonNode run = Scenarios.json(dir.resolve("run.json"));
        assertThat(run.get("status").asString()).isEqualTo("passed");
        assertThat(run.get("steps").get(1).get("snapshots").get(0).asString()).isEqualTo("snapshots/000003.json");
    }

    @Test
    void theYamlFormRunsTheSameSteps() {
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.HOME.resolve("examples/scenarios/echo.yaml")
                .toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
        assertThat(r.result().get("steps")).hasSize(4);
    }

    @Test
    void aScenarioInPtyboxsDocumentedFormatRunsUnchanged() {
        // ptybox's docs: a policy file by {path}, policy_version 4 field names, UUID step ids, Ctrl+ key names
        Scenarios.write(work, "policy.json", """
                {"policy_version": 4, "sandbox": "none", "sandbox_unsafe_ack": true, "network": "disabled",
                 "network_unsafe_ack": true, "fs": {"allowed_read": ["%s"], "allowed_write": [], "working_dir": "%s"},
                 "fs_write_unsafe_ack": false, "exec": {"allowed_executables": ["/usr/bin/cat"], "allow_shell": false},
                 "env": {"allowlist": [], "set": {}, "inherit": false},
                 "budgets": {"max_runtime_ms": 60000, "max_steps": 10000, "max_output_bytes": 8388608,
                             "max_snapshot_bytes": 2097152, "max_wait_ms": 10000},
                 "artifacts": {"enabled": false, "dir": null, "overwrite": false}}
                """.formatted(work, work));
        Path file = Scenarios.write(work, "ptybox.yaml", """
                scenario_version: 1
                metadata: { name: echo-test, description: optional }
                run:
                  command: /usr/bin/cat
                  args: []
                  cwd: %s
                  initial_size: { rows: 24, cols: 80 }
                  policy: { path: %s }
                steps:
                  - id: 5f0c2a0e-8d1b-4c4e-9d55-0b3b6f3e8a11
                    name: type hello
                    action: { type: text, payload: { text: hello } }
                    assert: [ { type: screen_contains, payload: { text: hello } } ]
                    timeout_ms: 1000
                    retries: 0
                  - { id: 0d7c1f9a-2b7e-4f0a-8c3e-6a1d2e3f4b5c, name: wait, action: { type: wait, payload: { condition: { type: screen_matches, payload: { pattern: "hel+o$" } } } }, timeout_ms: 5000, retries: 0 }
                  - { id: 7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918, name: interrupt, action: { type: key, payload: { key: "Ctrl+C" } }, timeout_ms: 1000, retries: 0 }
                  - { id: 1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d, name: quit, action: { type: terminate, payload: {} }, timeout_ms: 1000, retries: 0 }
                """.formatted(work, work.resolve("policy.json")));
        Scenarios.Run r = Scenarios.run("run", "--scenario", file.toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
        assertThat(r.result().get("steps").get(0).get("id").asString()).isEqualTo("5f0c2a0e-8d1b-4c4e-9d55-0b3b6f3e8a11");
        // Ctrl+C was delivered as C-c: cat died of SIGINT before the terminate step
        assertThat(r.result().get("exit").get("signal").asString()).isEqualTo("INT");
    }

    @Test
    void theFixtureTuiScenarioCoversWaitsStylesRetriesResizeAndTheExitCode() throws Exception {
        Path dir = work.resolve("a");
        String sc = Scenarios.scenario("fixture", List.of("/usr/bin/python3", Scenarios.FIXTURE.toString()),
                Scenarios.unsandboxed(work, "/usr/bin/python3"), 24, 80,
                waitText("ready", "ready"),
                step("title-style", "observe", "{}", "{\"type\":\"style_at\",\"payload\":{\"row\":0,\"col\":0,"
                        + "\"bold\":true,\"fg\":{\"ansi16\":1},\"text\":\"Fixture\"}},{\"type\":\"line_equals\","
                        + "\"payload\":{\"line\":0,\"text\":\"Fixture ready\"}}", 1000, 0),
                text("count", "count 3\r", "{\"type\":\"line_equals\",\"payload\":{\"line\":4,\"text\":\"line 3\"}},"
                        + "{\"type\":\"line_matches\",\"payload\":{\"line\":1,\"pattern\":\"^> count \\\\d$\"}}"),
                // the output comes 2.5 s after the input, after the step's settle gave up (2 s: the program was
                // asleep, not waiting for input): the assertion passes only by re-observing
                step("late", "text", "{\"text\":\"late 2.5\\r\"}", contains("late output") + ",{\"type\":\"style_at\","
                        + "\"payload\":{\"row\":7,\"col\":0,\"underline\":true}}", 5000, 20),
                text("alt", "alt\r", "{\"type\":\"cursor_hidden\",\"payload\":{}}," + contains("ALT SCREEN")),
                key("leave-alt", "x", contains("key was b'x'") + ",{\"type\":\"cursor_visible\",\"payload\":{}}"),
                step("resize", "resize", "{\"rows\":30,\"cols\":100}", "", 5000, 0),
                text("size", "size\r", contains("size 30x100")),
                step("stable", "wait", "{\"condition\":{\"type\":\"screen_stable\",\"payload\":{\"quiet_ms\":100}}}",
                        "{\"type\":\"not_contains\",\"payload\":{\"text\":\"Traceback\"}}", 5000, 0),
                text("quit", "quit 3\r", ""),
                waitExit("exit-3", 3));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "f.json", sc).toString(),
                "--artifacts", dir.toString(), "-v");
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
        assertThat(r.output().stderr()).contains("[4/11] late").contains("✓ screen_contains: found 'late output'");
        JsonNode late = r.result().get("steps").get(3);
        assertThat(late.get("attempts").asInt()).as("re-observed").isGreaterThan(1);
        assertThat(late.get("snapshots")).hasSize(late.get("attempts").asInt());
        String transcript = dev.uictl.engine.scenario.artifacts.TranscriptLog.read(dir.resolve("transcript.log"));
        // retries never re-send input: the program saw "late" once
        assertThat(transcript.split("wait for it", -1)).hasSize(2);
        assertThat(r.result().get("exit").get("code").asInt()).isEqualTo(3);
        Scenarios.assertComplete(dir);
    }

    @Test
    void aFailingAssertionFailsItsStepSkipsTheRestAndIsAssertionFailed() {
        String sc = Scenarios.scenario("fails", List.of("/usr/bin/python3", Scenarios.FIXTURE.toString()),
                Scenarios.unsandboxed(work, "/usr/bin/python3"), 24, 80,
                waitText("ready", "ready"),
                text("count", "count 2\r", contains("line 9")),
                text("never", "quit 0\r", ""));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "s.json", sc).toString());
        assertThat(r.errorCode()).isEqualTo("ASSERTION_FAILED");
        assertThat(r.output().exit()).isEqualTo(5);
        JsonNode steps = r.result().get("steps");
        assertThat(steps.get(1).get("status").asString()).isEqualTo("failed");
        assertThat(steps.get(1).get("assertions").get(0).get("message").asString()).contains("line 9");
        assertThat(steps.get(2).get("status").asString()).isEqualTo("skipped");
        assertThat(r.result().get("terminated_by_harness").asBoolean()).isTrue();
    }

    @Test
    void vimWritesAFile() throws Exception {
        Path out = work.resolve("note.txt");
        String sc = Scenarios.scenario("vim", List.of("/usr/bin/vim", "-u", "NONE", "-N", out.toString()),
                Scenarios.unsandboxed(work, "/usr/bin/vim"), 24, 80,
                waitText("started", "note.txt"),
                key("insert", "i", ""),
                text("type", "hello from a scenario", contains("hello from a scenario")),
                step("save", "key", "{\"keys\":[\"Escape\",\":\",\"w\",\"q\",\"Enter\"]}", "", 5000, 0),
                waitExit("exited", 0));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "vim.json", sc).toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
        assertThat(Files.readString(out)).isEqualTo("hello from a scenario\n");
    }

    @Test
    void lessSearchesAndQuits() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 200; i++) {
            text.append("row ").append(i).append('\n');
        }
        Path file = Scenarios.write(work, "rows.txt", text.toString());
        String sc = Scenarios.scenario("less", List.of("/usr/bin/less", file.toString()),
                Scenarios.unsandboxed(work, "/usr/bin/less"), 24, 80,
                waitText("shown", "row 1"),
                text("search", "/row 150\r", "{\"type\":\"line_equals\",\"payload\":{\"line\":0,\"text\":\"row 150\"}},"
                        + "{\"type\":\"not_contains\",\"payload\":{\"text\":\"row 149\"}}"),
                key("quit", "q", ""),
                waitExit("exited", 0));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "less.json", sc).toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
    }

    @Test
    void htopShowsItsHeaderAndQuits() {
        String sc = Scenarios.scenario("htop", List.of("/usr/bin/htop"), Scenarios.unsandboxed(work, "/usr/bin/htop"),
                30, 120, waitText("header", "PID"),
                step("alt", "observe", "{}", "{\"type\":\"regex_match\",\"payload\":{\"pattern\":\"PID\\\\s+USER\"}}",
                        2000, 5),
                key("quit", "q", ""), waitExit("exited", 0));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "htop.json", sc).toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
    }

    /**
     * Issue 26 item 2, reproduced with python3: the wait for ">>> " passed and then the assertion of the same text
     * on the same screen failed, as assertions read rows without the blanks after their last character.
     */
    @Test
    void anAssertionHoldsOnTheScreenAWaitForTheSameTextAccepted() {
        String py = Scenarios.scenario("python", List.of("/usr/bin/python3", "-q"),
                Scenarios.unsandboxed(work, "/usr/bin/python3"), 24, 80,
                step("prompt", "wait", "{\"condition\":{\"type\":\"screen_contains\",\"payload\":{\"text\":\">>> \"}}}",
                        contains(">>> ") + ",{\"type\":\"regex_match\",\"payload\":{\"pattern\":\">>> \"}},"
                                + "{\"type\":\"line_contains\",\"payload\":{\"line\":0,\"text\":\">>> \"}},"
                                + "{\"type\":\"line_matches\",\"payload\":{\"line\":0,\"pattern\":\"^>>> \"}}", 10000, 0),
                key("eof", "C-d", ""), waitExit("exited", 0));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "py.json", py).toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
        JsonNode asserted = r.result().get("steps").get(0).get("assertions");
        assertThat(asserted).extracting(a -> a.get("passed").asBoolean()).containsExactly(true, true, true, true);
        assertThat(asserted.get(0).get("message").asString()).isEqualTo("found '>>> '");
    }

    @Test
    void pythonComputesAndDialogAnswers() {
        String py = Scenarios.scenario("python", List.of("/usr/bin/python3", "-q"),
                Scenarios.unsandboxed(work, "/usr/bin/python3"), 24, 80,
                waitText("prompt", ">>> "),
                step("paste", "paste", "{\"text\":\"print(6 * 7)\"}", contains("print(6 * 7)"), 5000, 0),
                key("run", "Enter", "{\"type\":\"line_equals\",\"payload\":{\"line\":1,\"text\":\"42\"}}"),
                key("eof", "C-d", ""), waitExit("exited", 0));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "py.json", py).toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();

        String dialog = Scenarios.scenario("dialog", List.of("/usr/bin/dialog", "--yesno", "Proceed?", "7", "30"),
                Scenarios.unsandboxed(work, "/usr/bin/dialog"), 24, 80,
                waitText("asked", "Proceed?"),
                key("no", "Right", ""), key("answer", "Enter", ""), waitExit("exited", 1));
        r = Scenarios.run("run", "--scenario", Scenarios.write(work, "dialog.json", dialog).toString());
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
    }

    @Test
    void budgetsEndTheRunWithTimeoutNamingTheBudget() {
        Map<String, Object> policy = new java.util.HashMap<>(Scenarios.unsandboxed(work, "/usr/bin/cat"));
        policy.put("budgets", Map.of("max_runtime_ms", 60000, "max_steps", 2, "max_output_bytes", 8388608,
                "max_snapshot_bytes", 2097152, "max_wait_ms", 10000));
        String sc = Scenarios.scenario("budget", List.of("/usr/bin/cat"), policy, 24, 80,
                text("a", "a", ""), text("b", "b", ""), text("c", "c", ""));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "b.json", sc).toString());
        assertThat(r.errorCode()).isEqualTo("TIMEOUT");
        assertThat(r.output().exit()).isEqualTo(4);
        assertThat(r.result().get("error").get("details").get("kind").asString()).isEqualTo("max_steps");
        assertThat(r.result().get("steps").get(2).get("status").asString()).isEqualTo("skipped");
    }

    @Test
    void explainPolicyListsEveryViolationWithoutRunning() throws Exception {
        Path marker = work.resolve("ran");
        Scenarios.Run r = Scenarios.run("exec", "--explain-policy", "--allow-read", "/", "--",
                "/usr/bin/touch", marker.toString());
        assertThat(r.errorCode()).isEqualTo("POLICY_DENIED");
        assertThat(r.output().exit()).isEqualTo(9);
        JsonNode violations = r.result().get("policy_check").get("violations");
        assertThat(violations).extracting(v -> v.get("kind").asString()).contains("exec_not_allowed", "broad_root");
        assertThat(r.result().get("status").asString()).isEqualTo("not_run");
        assertThat(marker).doesNotExist();
    }

    @Test
    void aScenarioWhosePolicyAllowsNoProgramIsPolicyDeniedAndNeverStartsIt() {
        Path marker = work.resolve("scenario-ran");
        String sc = Scenarios.scenario("denied", List.of("/usr/bin/touch", marker.toString()),
                Map.of("policy_version", 1, "sandbox", "bwrap", "network", "disabled",
                        "fs", Map.of("working_dir", "/usr/share/doc", "allowed_read", List.of("/usr/share/doc")),
                        "exec", Map.of("allowed_executables", List.of())), 10, 40,
                "{\"id\":\"look\",\"action\":{\"type\":\"observe\",\"payload\":{}}}");
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "denied.json", sc).toString());
        assertThat(r.errorCode()).as(r.output().stdout()).isEqualTo("POLICY_DENIED");
        assertThat(r.output().exit()).isEqualTo(9);
        assertThat(marker).doesNotExist();
    }

    @Test
    void execReportsTheExitCode() {
        Scenarios.Run ok = Scenarios.run("exec", "--allow-exec", "/usr/bin/echo", "--cwd", "/usr/share/doc",
                "--allow-read", "/usr/share/doc", "--", "echo", "hello exec");
        assertThat(ok.passed()).as(ok.output().stdout()).isTrue();
        assertThat(ok.result().get("final_screen").get("lines").get(0).asString()).isEqualTo("hello exec");
        Scenarios.Run bad = Scenarios.run("exec", "--allow-exec", "/usr/bin/false", "--cwd", "/usr/share/doc",
                "--allow-read", "/usr/share/doc", "--", "false");
        assertThat(bad.errorCode()).isEqualTo("PROCESS_EXIT");
        assertThat(bad.output().exit()).isEqualTo(6);
        assertThat(bad.result().get("exit").get("code").asInt()).isEqualTo(1);
    }

    @Test
    void aBadScenarioNamesTheField() {
        Path file = Scenarios.write(work, "bad.json", "{\"scenario_version\":1,\"run\":{\"command\":\"/usr/bin/cat\"},"
                + "\"steps\":[{\"id\":\"x\",\"action\":{\"type\":\"wait\",\"payload\":{\"condition\":{\"type\":"
                + "\"screen_matches\",\"payload\":{\"pattern\":\"(\"}}}}}]}");
        Scenarios.Run r = Scenarios.run("run", "--scenario", file.toString());
        assertThat(r.errorCode()).isEqualTo("INVALID_ARGS");
        assertThat(r.envelope().get("error").get("details").get("path").asString())
                .isEqualTo("steps[0].action.payload.condition.payload.pattern");
        assertThat(Json.write(r.envelope())).contains("RE2");
        assertThat(new String(r.output().stdout().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))
                .doesNotContain("Exception");
    }
}
