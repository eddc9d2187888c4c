package dev.uictl.engine.terminal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How the terminal's foreground process waits, read from /proc: whether it sleeps, how often it has blocked so far
 * (voluntary context switches of its main thread) and whether its current wait has a timeout. Programs that must
 * tell a lone Escape from Alt+key (urwid, ncurses, vim, mc) read the ESC and then wait a short while for more
 * bytes; that wait is a poll/select with a timeout, an idle program waits without one or in read(2).
 *
 * @param timed true for a poll/select/epoll family wait with a timeout; false for an untimed wait, a read or any
 *              other blocking call; empty when the kernel does not show it (another architecture, no access)
 */
record InputWait(int pid, boolean sleeping, long blocks, Optional<Boolean> timed) {

    /** The foreground process of the terminal whose session {@code sessionLeader} leads; empty once it is gone. */
    static Optional<InputWait> foregroundOf(int sessionLeader) {
        String[] leader = ForegroundProbe.statFields(sessionLeader);
        if (leader == null) {
            return Optional.empty();
        }
        int foreground = Integer.parseInt(leader[5]);
        return read(foreground > 0 ? foreground : sessionLeader);
    }

    static Optional<InputWait> read(int pid) {
        String[] stat = ForegroundProbe.statFields(pid);
        if (stat == null) {
            return Optional.empty();
        }
        char state = stat[0].charAt(0);
        return Optional.of(new InputWait(pid, state == 'S', voluntarySwitches(pid), timedWait(pid)));
    }

    /**
     * Whether the same process, observed {@code before} input was written, has taken it and is done waiting for
     * more: asleep again after blocking at least once since, in an untimed wait, or after a second block (its
     * timed wait for more bytes ended).
     */
    boolean doneWithInputSince(InputWait before) {
        long blocked = blocks - before.blocks;
        return sleeping && blocks >= 0 && (blocked >= 2 || blocked >= 1 && timed.equals(Optional.of(false)));
    }

    private static long voluntarySwitches(int pid) {
        try {
            return Files.readAllLines(Path.of("/proc", Integer.toString(pid), "status")).stream()
                    .filter(l -> l.startsWith("voluntary_ctxt_switches:"))
                    .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(':') + 1).trim())).findFirst().orElse(-1);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static Optional<Boolean> timedWait(int pid) {
        return BlockedCall.of(Path.of("/proc", Integer.toString(pid))).filter(BlockedCall::inCall).map(BlockedCall::timed);
    }
}
