package dev.uictl.commands.scenario;

import dev.uictl.core.schema.Describe;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The scripted-runs part of `uictl protocol-help`: scenario format, driver protocol, artifacts, error mapping. */
public final class ScriptedHelp {
    @Describe("Scripted terminal runs: the scenario format, the driver protocol and how tui-use codes map to ours")
    public record Scripted(String scenarioFormat, String driverProtocol, int driverProtocolVersion,
                           List<String> actions, List<String> waitConditions, List<String> assertions, String keys,
                           String retries, String policy, String artifacts,
                           @Describe("tui-use/ptybox error codes and the contract codes they fold into")
                           Map<String, String> tuiUseErrorCodes, List<String> examples) {
    }

    private ScriptedHelp() {
    }

    public static Scripted describe() {
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put("E_POLICY_DENIED", "POLICY_DENIED");
        codes.put("E_SANDBOX_UNAVAILABLE", "SANDBOX_UNAVAILABLE");
        codes.put("E_TIMEOUT", "TIMEOUT");
        codes.put("E_ASSERTION_FAILED", "ASSERTION_FAILED");
        codes.put("E_PROCESS_EXIT", "PROCESS_EXIT");
        codes.put("E_TERMINAL_PARSE", "TERMINAL_PARSE");
        codes.put("E_PROTOCOL_VERSION_MISMATCH", "PROTOCOL_VERSION_MISMATCH");
        codes.put("E_PROTOCOL", "PROTOCOL_ERROR");
        codes.put("E_IO", "IO_ERROR");
        codes.put("E_REPLAY_MISMATCH", "REPLAY_MISMATCH");
        codes.put("E_CLI_INVALID_ARG", "INVALID_ARGS");
        codes.put("E_INTERNAL", "INTERNAL_ERROR");
        return new Scripted(
                "scenario_version 1 (JSON or YAML; `uictl schema scenario`): {scenario_version:1, metadata{name, "
                        + "description}, run{command, args, cwd, initial_size{rows,cols}, policy (inline or {path})}, "
                        + "steps[{id (any string), name, action{type,payload}, assert[{type,payload}], timeout_ms, "
                        + "retries}]}. ptybox/tui-use scenarios run unchanged.",
                "`uictl driver --stdio -- CMD`: NDJSON. First line {type:handshake, protocol_version:2, run_id, "
                        + "session_id, terminal_size, budgets, supported_actions, supported_conditions, "
                        + "supported_assertions, screen}. Each request {protocol_version:2, request_id, action, "
                        + "timeout_ms?, assert?, retries?, cells?} gets one {type:response, request_id (echoed), status "
                        + "ok|error, observation{screen, transcript_delta, transcript_omitted?, exit}, assertions, "
                        + "error{code,message,hint,details,"
                        + "session_ended}, action_metrics{sequence,duration_ms,attempts}, budget_status}. A screen is "
                        + "compact (lines, cursor, changed: the rows changed since the previous message); its cells "
                        + "only with cells:true in the request or driver --cells, which also give the whole "
                        + "transcript_delta (else its last " + DriverProtocol.DELTA_KEPT + " characters, "
                        + "transcript_omitted counting the rest). A bad request "
                        + "is answered with an error and the session continues; EOF, terminate or an exhausted budget "
                        + "end it with {type:end, run_result}. `uictl schema driver-message`.",
                DriverProtocol.VERSION, DriverProtocol.ACTIONS, DriverProtocol.CONDITIONS, DriverProtocol.ASSERTIONS,
                "tmux names (Enter, Tab, S-Tab, Escape, BSpace, Up, PgUp, F1-F12, C-c, M-x) or ptybox names "
                        + "(Ctrl+C, Alt+x, Shift+Tab, Backspace, PageUp); key:{key} or keys:{keys:[...]}",
                "Input is sent once and a step returns when the screen settles; retries re-observe (wait for the "
                        + "screen to change) until timeout_ms and never re-send input.",
                "Deny-by-default (`uictl schema policy`): bwrap sandbox, no network, nothing executable; --policy FILE "
                        + "or the scenario's run.policy, overridden by flags (--allow-exec, --allow-read, ...); budgets "
                        + "max_runtime_ms, max_steps, max_output_bytes, max_snapshot_bytes, max_wait_ms end a run with "
                        + "TIMEOUT (details.kind names the budget); --explain-policy lists every violation.",
                "--artifacts DIR: run.json, policy.json, scenario.json, transcript.log, snapshots/NNNNNN.json, "
                        + "events.jsonl, normalization.json, checksums.json (SHA-256); written after every step, on "
                        + "failure and when killed. `uictl replay --artifacts DIR` re-runs and compares; "
                        + "`uictl replay-report`; docs/artifacts.md.",
                codes,
                List.of("uictl exec --allow-exec /usr/bin/echo --cwd /usr/share/doc --allow-read /usr/share/doc -- echo hi",
                        "uictl run --scenario examples/scenarios/echo.json -v --artifacts /tmp/run1",
                        "uictl replay --artifacts /tmp/run1",
                        "printf '%s\\n' '{\"protocol_version\":2,\"request_id\":\"r1\",\"action\":{\"type\":\"observe\","
                                + "\"payload\":{}}}' | uictl driver --stdio --allow-exec /usr/bin/cat --cwd "
                                + "/usr/share/doc --allow-read /usr/share/doc -- cat"));
    }
}
