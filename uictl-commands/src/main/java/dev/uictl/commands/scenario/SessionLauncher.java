package dev.uictl.commands.scenario;

import dev.uictl.core.call.CallContext;
import dev.uictl.engine.sandbox.PolicyRequest;
import dev.uictl.engine.sandbox.Sandboxes;
import dev.uictl.engine.scenario.run.ProgramLauncher;
import dev.uictl.engine.terminal.CloseResult;
import dev.uictl.engine.terminal.OpenRequest;
import dev.uictl.engine.terminal.OpenResult;
import dev.uictl.engine.terminal.Readiness;
import dev.uictl.engine.terminal.SettlePolicy;
import dev.uictl.engine.terminal.TerminalSession;
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.sandbox.SandboxedCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts a run's program under its policy (the sandbox service prepares the confined command) as a terminal
 * session of the daemon, so `uictl term list` shows it and a person can `uictl term attach` to watch a scenario,
 * and ends it through the same service.
 */
final class SessionLauncher implements ProgramLauncher {
    private static final Duration GRACE = Duration.ofMillis(500);
    private final TerminalSessions sessions;
    private final Sandboxes sandboxes;
    private final PolicyRequest policy;
    private final Map<String, String> environment;
    private final String sandbox;
    private final Map<String, CloseResult> closed = new HashMap<>();

    SessionLauncher(TerminalSessions sessions, Sandboxes sandboxes, PolicyRequest policy,
                    Map<String, String> environment, String sandbox) {
        this.sessions = sessions;
        this.sandboxes = sandboxes;
        this.policy = policy;
        this.environment = environment;
        this.sandbox = sandbox;
    }

    @Override
    public TerminalSession start(List<String> argv, Path cwd, int rows, int cols, CallContext call) {
        SandboxedCommand confined = sandboxes.prepare(policy, argv, cwd, environment);
        OpenRequest request = new OpenRequest(confined.programArgv(), Map.of(), Map.of(), confined.programCwd(), rows,
                cols, null, confined);
        OpenResult opened = sessions.open(request, SettlePolicy.STARTUP, Readiness.firstOutput(Readiness.DEFAULT_TIMEOUT),
                call.cancellation());
        TerminalSession session = sessions.find(opened.sessionId());
        call.onDisconnect(() -> stop(session, "HUP"));
        return session;
    }

    @Override
    public synchronized CloseResult stop(TerminalSession session, String signal) {
        CloseResult done = closed.get(session.id());
        if (done == null) {
            done = sessions.close(session.id(), signal, GRACE);
            closed.put(session.id(), done);
        }
        return done;
    }

    @Override
    public String sandbox() {
        return sandbox;
    }
}
