package dev.uictl.engine.terminal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether a program that has drawn nothing yet is done starting, read from /proc: its foreground process sleeps in
 * read(2) on its terminal (cat, a silent `read`) or on a timer (sleep). A program still loading runs, waits for the
 * disk, or sleeps in other calls (a shell waiting for its child, threads starting), and counts as starting.
 */
final class StartupProbe {
    private static final int READ = 0;
    private static final int PAUSE = 34;
    private static final int NANOSLEEP = 35;
    private static final int CLOCK_NANOSLEEP = 230;

    private StartupProbe() {
    }

    /** "reading_input" or "sleeping" when the foreground program waits like a started one; empty otherwise. */
    static Optional<String> waitingWithoutOutput(int sessionLeader) {
        String[] leader = ForegroundProbe.statFields(sessionLeader);
        if (leader == null || !ForegroundProbe.X86_64) {
            return Optional.empty();
        }
        int foreground = Integer.parseInt(leader[5]);
        int pid = foreground > 0 ? foreground : sessionLeader;
        String[] stat = ForegroundProbe.statFields(pid);
        if (stat == null || stat[0].charAt(0) != 'S') {
            return Optional.empty();
        }
        String[] call = ForegroundProbe.syscall(pid);
        if (call == null || call.length < 2) {
            return Optional.empty();
        }
        try {
            return switch (Integer.parseInt(call[0])) {
                case READ -> readsTerminal(pid, call[1]) ? Optional.of("reading_input") : Optional.empty();
                case PAUSE, NANOSLEEP, CLOCK_NANOSLEEP -> Optional.of("sleeping");
                default -> Optional.empty();
            };
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean readsTerminal(int pid, String fdHex) {
        try {
            long fd = Long.parseUnsignedLong(fdHex.startsWith("0x") ? fdHex.substring(2) : fdHex, 16);
            String target = Files.readSymbolicLink(Path.of("/proc", Integer.toString(pid), "fd", Long.toString(fd)))
                    .toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
