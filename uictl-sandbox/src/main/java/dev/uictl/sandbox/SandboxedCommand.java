package dev.uictl.sandbox;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What to spawn so that a program runs under its policy: {@code argv} (bwrap and its options, or the program itself
 * under {@code sandbox: none}), the environment the spawned process gets, the host directory to start in, and
 * files the child must find open on given descriptors (the seccomp program bwrap reads on {@code --seccomp FD}).
 *
 * @param programArgv the program and its arguments as the policy allowed them (absolute path, inside the sandbox)
 * @param programCwd  its working directory (inside the sandbox; bwrap's --chdir)
 * @param enforcement what actually enforces the policy, for reports: e.g. {@code bwrap}, {@code pid-namespace},
 *                    {@code landlock-abi-7}, {@code seccomp-network}; empty under {@code sandbox: none}
 */
public record SandboxedCommand(List<String> argv, Map<String, String> environment, Path cwd,
                               List<InheritedFile> inheritedFiles, List<String> programArgv, Path programCwd,
                               List<String> enforcement) {
    public SandboxedCommand {
        programArgv = List.copyOf(programArgv);
        argv = List.copyOf(argv);
        environment = Map.copyOf(environment);
        inheritedFiles = List.copyOf(inheritedFiles);
        enforcement = List.copyOf(enforcement);
    }

    public boolean sandboxed() {
        return !enforcement.isEmpty();
    }

    /** A file opened read-only on descriptor {@code fd} in the child before it runs. */
    public record InheritedFile(int fd, Path path) {
        public InheritedFile {
            if (fd < 3) {
                throw new IllegalArgumentException("descriptors 0-2 are the terminal: " + fd);
            }
        }
    }
}
