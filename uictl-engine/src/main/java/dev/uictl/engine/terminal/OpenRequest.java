package dev.uictl.engine.terminal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A program to open in a new session.
 *
 * @param callerEnvironment the caller's environment, adapted by {@link ProgramEnvironment}
 * @param overrides         {@code --env K=V} entries; they win over everything
 * @param name              optional unique name usable instead of the id
 */
public record OpenRequest(List<String> argv, Map<String, String> callerEnvironment, Map<String, String> overrides,
                          Path cwd, int rows, int cols, String name) {
    public OpenRequest {
        argv = List.copyOf(argv);
        callerEnvironment = Map.copyOf(callerEnvironment);
        overrides = Map.copyOf(overrides);
    }
}
