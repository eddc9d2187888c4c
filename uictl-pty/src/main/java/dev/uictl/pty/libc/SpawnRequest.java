package dev.uictl.pty.libc;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@link Libc#spawnOnTerminal} starts: an absolute executable, its argv and environment ({@code NAME=value}),
 * the working directory, the pty slave that becomes the child's controlling terminal and fds 0–2, and files the
 * child finds open read-only on given descriptors above 2 (every other descriptor is closed).
 */
public record SpawnRequest(String executable, List<String> argv, List<String> environment, String cwd,
                           String terminalPath, Map<Integer, String> openReadOnly) {
    public SpawnRequest {
        argv = List.copyOf(argv);
        environment = List.copyOf(environment);
        openReadOnly = new TreeMap<>(openReadOnly);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv must name at least the program");
        }
        if (openReadOnly.keySet().stream().anyMatch(fd -> fd < 3 || fd > 1023)) {
            throw new IllegalArgumentException("inherited descriptors must be 3..1023: " + openReadOnly.keySet());
        }
    }

    public SpawnRequest(String executable, List<String> argv, List<String> environment, String cwd, String terminalPath) {
        this(executable, argv, environment, cwd, terminalPath, Map.of());
    }
}
