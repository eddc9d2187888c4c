package dev.uictl.pty.libc;

import java.util.List;

/**
 * What {@link Libc#spawnOnTerminal} starts: an absolute executable, its argv and environment ({@code NAME=value}),
 * the working directory, and the pty slave that becomes the child's controlling terminal and fds 0–2.
 */
public record SpawnRequest(String executable, List<String> argv, List<String> environment, String cwd,
                           String terminalPath) {
    public SpawnRequest {
        argv = List.copyOf(argv);
        environment = List.copyOf(environment);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv must name at least the program");
        }
    }
}
