package dev.uictl.engine.desktop.env;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fields of {@code /proc/<pid>/stat} the supervisor needs: state, session id and start time (clock ticks
 * since boot), which together with the pid identify one process even after pid reuse.
 */
public record ProcStat(long pid, char state, long session, long startTime) {
    private static final Path PROC = Path.of("/proc");

    static Optional<ProcStat> of(long pid) {
        try {
            return Optional.of(parse(pid, Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The command name in parentheses may contain spaces and ')', so fields are counted from the last ')'. */
    static ProcStat parse(long pid, String line) {
        String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
        // f[0] is field 3 (state), f[3] field 6 (session), f[19] field 22 (starttime)
        return new ProcStat(pid, f[0].charAt(0), Long.parseLong(f[3]), Long.parseLong(f[19]));
    }

    /** Whether process {@code pid} exists and has not exited (a zombie has). */
    public static boolean running(long pid) {
        return of(pid).map(ProcStat::running).orElse(false);
    }

    /** A zombie has exited; it only waits for its parent to collect the status. */
    boolean running() {
        return state != 'Z' && state != 'X';
    }

    /** Every running process whose session id is {@code session}. */
    static List<ProcStat> sessionMembers(long session) {
        List<ProcStat> out = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString()
                .chars().allMatch(Character::isDigit))) {
            for (Path dir : dirs) {
                of(Long.parseLong(dir.getFileName().toString()))
                        .filter(s -> s.session() == session && s.running())
                        .ifPresent(out::add);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }
}
