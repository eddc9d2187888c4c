package dev.uictl.pty.process;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A program to start on a new terminal: argv (argv[0] is looked up in the environment's PATH unless it contains a
 * slash), the complete environment it gets (nothing is inherited implicitly) with the {@link ProcessMarker} that
 * lets termination find every process it started, its working directory, and the terminal size it sees from its
 * first instruction on. The marker's entry overrides a variable of the same name in {@code environment}.
 * {@code inheritedFiles} are opened read-only on the given descriptors (3 and up) in the child, e.g. the seccomp
 * program a sandbox launcher reads from a descriptor.
 */
public record PtyCommand(List<String> argv, Map<String, String> environment, ProcessMarker marker, Path cwd, int rows,
                         int cols, Map<Integer, Path> inheritedFiles) {
    public PtyCommand(List<String> argv, Map<String, String> environment, ProcessMarker marker, Path cwd, int rows,
                      int cols) {
        this(argv, environment, marker, cwd, rows, cols, Map.of());
    }

    public PtyCommand {
        inheritedFiles = Map.copyOf(inheritedFiles);
        argv = List.copyOf(argv);
        Map<String, String> marked = new HashMap<>(environment);
        marked.put(marker.name(), marker.value());
        environment = Map.copyOf(marked);
        if (argv.isEmpty() || argv.getFirst().isEmpty()) {
            throw new IllegalArgumentException("argv must name the program to run");
        }
        if (!cwd.isAbsolute()) {
            throw new IllegalArgumentException("cwd must be absolute: " + cwd);
        }
        if (rows < 1 || cols < 1 || rows > 0xffff || cols > 0xffff) {
            throw new IllegalArgumentException("terminal size must be 1..65535 in each dimension: " + rows + "x" + cols);
        }
    }
}
