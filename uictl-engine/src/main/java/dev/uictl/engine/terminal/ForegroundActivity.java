package dev.uictl.engine.terminal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What the terminal's foreground process group is doing, observed in /proc rather than inferred from quiet output:
 * a program that writes nothing may be computing (less searching a big file) or waiting on something else (a timer,
 * a child, the network). Every thread of every process of the group counts. A process waits for input when one of
 * its threads is blocked reading the terminal, or in poll/select/epoll with the terminal among the files it waits
 * to read (the poll set is read from the process's memory, the epoll set from fdinfo; when they cannot be read, an
 * event-loop wait counts as waiting for input).
 */
enum ForegroundActivity {
    /** Some process of the group waits to read the terminal, none runs. */
    READING_INPUT(null),
    /** The group is stopped (job control), or no longer there. */
    STOPPED(null),
    /** A thread runs on the CPU (or in the disk's uninterruptible wait). */
    RUNNING("program_busy"),
    /** Every process sleeps, none of them on the terminal: on a timer, a child, a pipe, a socket… */
    WAITING_ELSEWHERE("program_waiting");

    static final Path PROC = Path.of("/proc");
    private static final short POLLIN = 1;
    private static final int EPOLLIN = 1;
    private static final int MAX_POLL_FDS = 4096;

    private final String reason;

    ForegroundActivity(String reason) {
        this.reason = reason;
    }

    /** Why output that has gone quiet is not settled; null when the program waits for input. */
    String unsettledReason() {
        return reason;
    }

    boolean waitsForInput() {
        return reason == null;
    }

    /** The group from its members' activities: one running decides, else one reading the terminal. */
    static ForegroundActivity of(List<ForegroundActivity> members) {
        if (members.isEmpty()) {
            return RUNNING; // the foreground job just ended; its shell is about to take the terminal back
        }
        return members.contains(RUNNING) ? RUNNING
                : members.contains(READING_INPUT) ? READING_INPUT
                : members.stream().allMatch(a -> a == STOPPED) ? STOPPED : WAITING_ELSEWHERE;
    }

    static boolean gone(String[] stat) {
        char state = stat[0].charAt(0);
        return state == 'Z' || state == 'X';
    }

    /** One process from its threads; null when it is gone. */
    static ForegroundActivity ofProcess(int pid) {
        Path dir = PROC.resolve(Integer.toString(pid));
        List<Path> threads = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(dir.resolve("task"))) {
            tasks.forEach(threads::add);
        } catch (IOException e) {
            return null;
        }
        boolean live = false;
        boolean reading = false;
        boolean stopped = true;
        for (Path thread : threads) {
            String[] stat = ForegroundProbe.statFields(thread);
            if (stat == null || gone(stat)) {
                continue;
            }
            live = true;
            char state = stat[0].charAt(0);
            if (state == 'R' || state == 'D') {
                return RUNNING;
            }
            if (state == 'T' || state == 't') {
                continue;
            }
            stopped = false;
            var call = BlockedCall.of(thread);
            if (call.isEmpty()) {
                reading = true; // the call cannot be seen: a sleeping thread is taken to wait for input, as it mostly is
                continue;
            }
            if (!call.get().inCall()) {
                return RUNNING; // between two calls: look again
            }
            reading |= readsTerminal(dir, call.get());
        }
        return !live ? null : stopped ? STOPPED : reading ? READING_INPUT : WAITING_ELSEWHERE;
    }

    /** Whether {@code call} of process {@code dir} waits to read its terminal. */
    private static boolean readsTerminal(Path dir, BlockedCall call) {
        return switch (call.nr()) {
            case BlockedCall.READ -> isTerminal(dir, call.intArg(0));
            case BlockedCall.POLL, BlockedCall.PPOLL -> pollsTerminal(dir, call.args()[0], call.intArg(1));
            case BlockedCall.SELECT, BlockedCall.PSELECT6 -> selectsTerminal(dir, call.intArg(0), call.args()[1]);
            case BlockedCall.EPOLL_WAIT, BlockedCall.EPOLL_PWAIT, BlockedCall.EPOLL_PWAIT2 ->
                    epollsTerminal(dir, call.intArg(0));
            default -> false;
        };
    }

    /** Whether file descriptor {@code fd} of the process is a terminal (its pty, or /dev/tty). */
    static boolean isTerminal(Path dir, int fd) {
        try {
            String target = Files.readSymbolicLink(dir.resolve("fd").resolve(Integer.toString(fd))).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** poll/ppoll: the array of struct pollfd {int fd; short events; short revents;} in the process's memory. */
    private static boolean pollsTerminal(Path dir, long fds, int count) {
        if (count <= 0 || count > MAX_POLL_FDS) {
            return count > 0;
        }
        ByteBuffer set = memory(dir, fds, count * 8);
        if (set == null) {
            return true;
        }
        for (int i = 0; i < count; i++) {
            if ((set.getShort(i * 8 + 4) & POLLIN) != 0 && isTerminal(dir, set.getInt(i * 8))) {
                return true;
            }
        }
        return false;
    }

    /** select/pselect6: the read set, a bitmap of {@code count} descriptors in the process's memory. */
    private static boolean selectsTerminal(Path dir, int count, long readSet) {
        if (readSet == 0 || count <= 0) {
            return false;
        }
        ByteBuffer set = memory(dir, readSet, (Math.min(count, MAX_POLL_FDS) + 63) / 64 * 8);
        if (set == null) {
            return true;
        }
        for (int fd = 0; fd < Math.min(count, MAX_POLL_FDS); fd++) {
            if ((set.get(fd / 8) & (1 << (fd % 8))) != 0 && isTerminal(dir, fd)) {
                return true;
            }
        }
        return false;
    }

    /** epoll: fdinfo of the epoll descriptor lists each watched descriptor ("tfd: N events: HEX …"). */
    private static boolean epollsTerminal(Path dir, int epfd) {
        List<String> lines;
        try {
            lines = Files.readAllLines(dir.resolve("fdinfo").resolve(Integer.toString(epfd)));
        } catch (IOException | RuntimeException e) {
            return true;
        }
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && "tfd:".equals(f[0]) && "events:".equals(f[2])
                    && (Integer.parseUnsignedInt(f[3], 16) & EPOLLIN) != 0 && isTerminal(dir, Integer.parseInt(f[1]))) {
                return true;
            }
        }
        return false;
    }

    /** {@code length} bytes of the process's memory at {@code address}; null when they cannot be read. */
    private static ByteBuffer memory(Path dir, long address, int length) {
        try (FileChannel mem = FileChannel.open(dir.resolve("mem"), StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(length).order(ByteOrder.nativeOrder());
            while (buf.hasRemaining()) {
                if (mem.read(buf, address + buf.position()) <= 0) {
                    return null;
                }
            }
            return buf.flip();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
