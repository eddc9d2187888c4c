package dev.uictl.app.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.UictlRun;
import dev.uictl.core.json.Json;
import dev.uictl.engine.scenario.artifacts.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.JsonNode;

/**
 * Records a real run for the trace tests: {@code uictl run --scenario} drives fixtures/trace_fixture.py on a real
 * PTY and writes its artifacts. The scenario has a step that passes, a step id that would be markup, a step that
 * needs a re-observation, a failing step whose retries re-observe, and a step skipped after the failure.
 */
public final class RecordedRun {
    public static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    /** A step id that would close the page's script and run its own if it were not escaped. */
    public static final String HOSTILE_ID = "</script><script>window.__pwned=1</script>";

    private static final String SCENARIO = """
            {"scenario_version": 1, "metadata": {"name": "trace fixture <b>run</b>"},
             "run": {"command": "/usr/bin/python3", "args": ["-u", "%s"], "initial_size": {"rows": 12, "cols": 90},
                     "policy": {"policy_version": 1, "sandbox": "none", "sandbox_unsafe_ack": true,
                                "network": "disabled", "network_unsafe_ack": true,
                                "fs": {"working_dir": %s, "allowed_read": [%s]},
                                "exec": {"allowed_executables": ["/usr/bin/python3"]},
                                "env": {"allowlist": ["LANG"], "set": {"LANG": "C.UTF-8"}, "inherit": false}}},
             "steps": [
              {"id": "prompt", "name": "wait for the prompt",
               "action": {"type": "wait", "payload": {"condition": {"type": "screen_contains",
                          "payload": {"text": "name?"}}}},
               "assert": [{"type": "screen_contains", "payload": {"text": "你好"}}]},
              {"id": %s, "action": {"type": "text", "payload": {"text": "Ada\\n"}},
               "assert": [{"type": "screen_contains", "payload": {"text": "done"}}], "retries": 20,
               "timeout_ms": 5000},
              {"id": "never", "name": "expects text that never comes",
               "action": {"type": "observe", "payload": {}},
               "assert": [{"type": "screen_contains", "payload": {"text": "<img src=never>"}}], "retries": 3,
               "timeout_ms": 400},
              {"id": "skipped", "action": {"type": "key", "payload": {"key": "Enter"}}}
             ]}
            """;

    private RecordedRun() {
    }

    /**
     * Runs the scenario with {@code uictl run --scenario FILE --artifacts DIR} (in-process, through the real
     * dispatcher) and returns the run.json it wrote. The run fails by design (its third step), so the command's
     * envelope is ASSERTION_FAILED.
     */
    public static RunResult record(Path artifacts) {
        // Unsandboxed (with the acknowledgements the deny-by-default policy asks for): the trace is what is tested.
        String work = Json.write(artifacts.getParent().toString());
        String json = SCENARIO.formatted(HOME.resolve("fixtures/trace_fixture.py"), work, work,
                Json.write(HOSTILE_ID));
        try {
            Path scenario = artifacts.resolveSibling(artifacts.getFileName() + ".scenario.json");
            Files.writeString(scenario, json);
            UictlRun.Output out = UictlRun.run("run", "--scenario", scenario.toString(), "--artifacts",
                    artifacts.toString());
            JsonNode e = ContractAssert.envelope(out);
            assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo("ASSERTION_FAILED");
            return Json.mapper().readValue(Files.readString(artifacts.resolve("run.json")), RunResult.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
