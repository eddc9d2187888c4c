package dev.uictl.app.trace;

import dev.uictl.core.call.CallContext;
import dev.uictl.engine.scenario.artifacts.NormalizationSettings;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.model.ScenarioParser;
import dev.uictl.engine.scenario.run.ProgramLauncher;
import dev.uictl.engine.scenario.run.RunBudgets;
import dev.uictl.engine.scenario.run.ScenarioRunner;
import dev.uictl.engine.terminal.CloseResult;
import dev.uictl.engine.terminal.OpenRequest;
import dev.uictl.engine.terminal.Readiness;
import dev.uictl.engine.terminal.SettlePolicy;
import dev.uictl.engine.terminal.TerminalSession;
import dev.uictl.engine.terminal.TerminalSessions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Records a real run for the trace tests: the scenario runner drives fixtures/trace_fixture.py on a real PTY and
 * writes its artifacts. The scenario has a step that passes, a step id that would be markup, a step that needs a
 * re-observation, a failing step whose retries re-observe, and a step skipped after the failure.
 */
public final class RecordedRun {
    public static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    /** A step id that would close the page's script and run its own if it were not escaped. */
    public static final String HOSTILE_ID = "</script><script>window.__pwned=1</script>";

    private static final String SCENARIO = """
            {"scenario_version": 1, "metadata": {"name": "trace fixture <b>run</b>"},
             "run": {"command": "python3", "args": ["-u", "%s"], "initial_size": {"rows": 12, "cols": 90}},
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

    public static RunResult record(Path artifacts) {
        String json = SCENARIO.formatted(HOME.resolve("fixtures/trace_fixture.py"),
                dev.uictl.core.json.Json.write(HOSTILE_ID));
        try (TerminalSessions sessions = new TerminalSessions()) {
            ScenarioRunner.Setup setup = new ScenarioRunner.Setup("scenario", ScenarioParser.parse(json, false), HOME,
                    RunBudgets.DEFAULT, Map.of("sandbox", "none"), new NormalizationSettings(1, "default", false,
                    List.of(), List.of()), artifacts, false, line -> { });
            return ScenarioRunner.run(setup, new Launcher(sessions), new Call());
        }
    }

    /** Starts the program as a session of its own service; stopping twice returns the first stop's result. */
    private static final class Launcher implements ProgramLauncher {
        private final TerminalSessions sessions;
        private final Map<String, CloseResult> closed = new java.util.HashMap<>();

        Launcher(TerminalSessions sessions) {
            this.sessions = sessions;
        }

        @Override
        public TerminalSession start(List<String> argv, Path cwd, int rows, int cols, CallContext call) {
            String id = sessions.open(new OpenRequest(argv, System.getenv(), Map.of(), cwd, rows, cols, null),
                    SettlePolicy.STARTUP, Readiness.firstOutput(Readiness.DEFAULT_TIMEOUT), call.cancellation())
                    .sessionId();
            return sessions.find(id);
        }

        @Override
        public synchronized CloseResult stop(TerminalSession session, String signal) {
            return closed.computeIfAbsent(session.id(), id -> sessions.close(id, signal, Duration.ofMillis(500)));
        }

        @Override
        public String sandbox() {
            return "none";
        }
    }

    private record Call() implements CallContext {
        @Override
        public Path cwd() {
            return HOME;
        }

        @Override
        public Map<String, String> env() {
            return System.getenv();
        }

        @Override
        public String session() {
            return "trace-test";
        }

        @Override
        public void onDisconnect(Runnable cleanup) {
        }
    }
}
