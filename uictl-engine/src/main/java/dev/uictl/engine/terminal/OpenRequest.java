package dev.uictl.engine.terminal;

import dev.uictl.sandbox.SandboxedCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A program to open in a new session.
 *
 * @param callerEnvironment the caller's environment, adapted by {@link ProgramEnvironment}
 * @param overrides         {@code --env K=V} entries; they win over everything
 * @param name              optional unique name usable instead of the id
 * @param sandboxed         when not null, what is spawned instead of {@code argv}: the program under its policy
 *                          (see {@code dev.uictl.engine.sandbox.Sandboxes#prepare}); its environment replaces the
 *                          caller's, and {@code argv}/{@code cwd} only describe the session (the program's argv and directory)
 */
public record OpenRequest(List<String> argv, Map<String, String> callerEnvironment, Map<String, String> overrides,
                          Path cwd, int rows, int cols, String name, SandboxedCommand sandboxed) {
    public OpenRequest {
        argv = List.copyOf(argv);
        callerEnvironment = Map.copyOf(callerEnvironment);
        overrides = Map.copyOf(overrides);
    }

    public OpenRequest(List<String> argv, Map<String, String> callerEnvironment, Map<String, String> overrides,
                       Path cwd, int rows, int cols, String name) {
        this(argv, callerEnvironment, overrides, cwd, rows, cols, name, null);
    }
}
