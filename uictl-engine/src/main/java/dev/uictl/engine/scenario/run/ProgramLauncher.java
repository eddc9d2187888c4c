package dev.uictl.engine.scenario.run;

import dev.uictl.core.call.CallContext;
import dev.uictl.engine.terminal.CloseResult;
import dev.uictl.engine.terminal.TerminalSession;
import java.nio.file.Path;
import java.util.List;

/**
 * Starts the program of a run on a pseudo-terminal and ends it. The command layer implements it over the terminal
 * engine with the run's policy (sandbox, environment, working directory): the policy is this one input, the
 * runner never sees how the program was confined.
 */
public interface ProgramLauncher {
    /** Starts {@code argv} and returns once it is ready (first output or visibly waiting). */
    TerminalSession start(List<String> argv, Path cwd, int rows, int cols, CallContext call);

    /** Ends the program's process tree ({@code signal} first, SIGKILL after a grace period). */
    CloseResult stop(TerminalSession session, String signal);

    /** What the program ran in: "bwrap" or "none". */
    String sandbox();
}
