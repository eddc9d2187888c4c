package dev.uictl.engine.terminal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The system call a thread is blocked in, from {@code /proc/PID[/task/TID]/syscall} ("nr arg1 … arg6 sp pc" in hex;
 * "running" or "-1 sp pc" outside a call: {@link #NONE}). Numbers are decoded for x86_64 only: elsewhere nothing is.
 */
record BlockedCall(int nr, long[] args) {
    /** Not in a system call (running, or stopped elsewhere). */
    static final BlockedCall NONE = new BlockedCall(-1, new long[6]);
    static final int READ = 0;
    static final int POLL = 7;
    static final int SELECT = 23;
    static final int PAUSE = 34;
    static final int NANOSLEEP = 35;
    static final int CLOCK_NANOSLEEP = 230;
    static final int EPOLL_WAIT = 232;
    static final int PSELECT6 = 270;
    static final int PPOLL = 271;
    static final int EPOLL_PWAIT = 281;
    static final int EPOLL_PWAIT2 = 441;

    /** Whether /proc/PID/syscall numbers are the ones this code decodes. */
    static final boolean DECODED = "amd64".equals(System.getProperty("os.arch"))
            || "x86_64".equals(System.getProperty("os.arch"));

    /**
     * The call {@code procDir} (/proc/PID or /proc/PID/task/TID) is blocked in, {@link #NONE} outside a call; empty
     * when that cannot be seen (the file is not readable to us, or another architecture).
     */
    static Optional<BlockedCall> of(Path procDir) {
        if (!DECODED) {
            return Optional.empty();
        }
        try {
            String[] f = Files.readString(procDir.resolve("syscall")).trim().split(" ");
            if (f.length < 7) {
                return Optional.of(NONE);
            }
            long[] args = new long[6];
            for (int i = 0; i < 6; i++) {
                args[i] = hex(f[i + 1]);
            }
            return Optional.of(new BlockedCall(Integer.parseInt(f[0]), args));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    boolean inCall() {
        return nr >= 0;
    }

    /** poll, select, epoll and their variants: an event loop waiting on several files at once. */
    boolean waitsOnEvents() {
        return switch (nr) {
            case POLL, PPOLL, SELECT, PSELECT6, EPOLL_WAIT, EPOLL_PWAIT, EPOLL_PWAIT2 -> true;
            default -> false;
        };
    }

    /** Sleeping on a timer. */
    boolean sleeps() {
        return nr == PAUSE || nr == NANOSLEEP || nr == CLOCK_NANOSLEEP;
    }

    /** For an event-loop wait: whether it has a timeout (false for any other call). */
    boolean timed() {
        return switch (nr) {
            case POLL -> (int) args[2] >= 0; // -1 waits forever
            case EPOLL_WAIT, EPOLL_PWAIT -> (int) args[3] >= 0;
            case EPOLL_PWAIT2 -> args[3] != 0; // struct timespec *
            case SELECT, PSELECT6 -> args[4] != 0; // struct timeval/timespec *
            case PPOLL -> args[2] != 0; // struct timespec *
            default -> false;
        };
    }

    /** The int argument {@code i} (0-based): the register's low 32 bits. */
    int intArg(int i) {
        return (int) args[i];
    }

    private static long hex(String s) {
        return Long.parseUnsignedLong(s.startsWith("0x") ? s.substring(2) : s, 16);
    }
}
