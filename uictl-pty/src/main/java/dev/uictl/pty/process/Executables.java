package dev.uictl.pty.process;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Finds argv[0] the way a shell would, but in the program's own environment: posix_spawnp would search the PATH of
 * the (long-lived) calling process instead of the PATH the caller asked for.
 */
final class Executables {
    private static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

    private Executables() {
    }

    static Path resolve(String program, Map<String, String> environment, Path cwd) throws SpawnException {
        if (program.contains("/")) {
            return check(cwd.resolve(program), program);
        }
        String path = environment.getOrDefault("PATH", DEFAULT_PATH);
        for (String dir : path.split(":", -1)) {
            Path candidate = (dir.isEmpty() ? cwd : cwd.resolve(dir)).resolve(program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new SpawnException(SpawnException.Reason.EXECUTABLE_NOT_FOUND, program,
                "'" + program + "' was not found in PATH=" + path, null);
    }

    private static Path check(Path candidate, String program) throws SpawnException {
        if (!Files.exists(candidate)) {
            throw new SpawnException(SpawnException.Reason.EXECUTABLE_NOT_FOUND, program,
                    "'" + program + "' does not exist", null);
        }
        if (!Files.isRegularFile(candidate) || !Files.isExecutable(candidate)) {
            throw new SpawnException(SpawnException.Reason.NOT_EXECUTABLE, program,
                    "'" + program + "' is not an executable file", null);
        }
        return candidate;
    }
}
