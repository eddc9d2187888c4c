package dev.uictl.commands.scenario;

import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import dev.uictl.engine.scenario.run.ProgramLauncher;
import dev.uictl.engine.terminal.CloseResult;
import dev.uictl.engine.terminal.OpenRequest;
import dev.uictl.engine.terminal.OpenResult;
import dev.uictl.engine.terminal.Readiness;
import dev.uictl.engine.terminal.SettlePolicy;
import dev.uictl.engine.terminal.TerminalSession;
import dev.uictl.engine.terminal.TerminalSessions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts a run's program as a terminal session of the daemon (so `uictl term list` shows it and a person can
 * `uictl term attach` to watch a scenario run) and ends it through the same service.
 */
final class SessionLauncher implements ProgramLauncher {
    private static final Duration GRACE = Duration.ofMillis(500);
    private final TerminalSessions sessions;
    private final Map<String, String> environment;
    private final Map<String, CloseResult> closed = new HashMap<>();

    SessionLauncher(TerminalSessions sessions, Map<String, String> environment) {
        this.sessions = sessions;
        this.environment = environment;
    }

    @Override
    public TerminalSession start(List<String> argv, Path cwd, int rows, int cols, CallContext call) {
        OpenRequest request = new OpenRequest(argv, PrivateDesktops.withDesktop(environment), Map.of(), cwd, rows,
                cols, null);
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
        return "none";
    }
}
