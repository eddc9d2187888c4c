package dev.uictl.pty.process;

import dev.uictl.pty.libc.ErrnoException;
import dev.uictl.pty.libc.Libc;
import dev.uictl.pty.libc.PollFd;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Ends every process of a selection (a terminal's tree and marked processes, or orphans): a polite signal to all of
 * them (plus SIGCONT so stopped jobs can act on it), a grace period, then freeze-and-kill of the survivors and of
 * anything they forked meanwhile. Processes are held by pidfd, so a recycled pid is never signalled; processes that
 * left the selection but were seen in it at the start are still caught.
 */
final class TreeTerminator {
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);
    private static final int MAX_FREEZE_ROUNDS = 64;

    /** Which live processes to end; asked again on every scan, so processes forked meanwhile join. */
    @FunctionalInterface
    interface Selection {
        List<ProcessInfo> select(Map<Integer, ProcessInfo> table);
    }

    private record Tracked(int pid, int pidfd) {
    }

    private TreeTerminator() {
    }

    static TerminationReport terminate(Selection selection, Signal first, Duration grace) throws ErrnoException {
        Map<Integer, Tracked> tracked = new HashMap<>();
        try {
            trackMembers(selection, tracked);
            int signalled = tracked.size();
            for (Tracked t : tracked.values()) {
                Libc.pidfdSendSignal(t.pidfd(), first.number());
                if (first != Signal.KILL) {
                    Libc.pidfdSendSignal(t.pidfd(), Signal.CONT.number());
                }
            }
            awaitExit(tracked, System.nanoTime() + grace.toNanos());
            if (tracked.isEmpty() && selection.select(ProcessTree.scan()).isEmpty()) {
                return new TerminationReport(signalled, 0);
            }
            // Freeze first so nothing can fork while we collect the rest; repeat until the set stops growing.
            for (int round = 0; round < MAX_FREEZE_ROUNDS; round++) {
                for (Tracked t : tracked.values()) {
                    Libc.pidfdSendSignal(t.pidfd(), Signal.STOP.number());
                }
                if (!trackMembers(selection, tracked)) {
                    break;
                }
            }
            int killed = 0;
            for (Tracked t : tracked.values()) {
                if (Libc.pidfdSendSignal(t.pidfd(), Signal.KILL.number())) {
                    killed++;
                }
            }
            awaitExit(tracked, System.nanoTime() + KILL_WAIT.toNanos());
            return new TerminationReport(signalled, killed);
        } finally {
            for (Tracked t : tracked.values()) {
                closeQuietly(t.pidfd());
            }
        }
    }

    /** Adds the selection's current live members; true when any was new. */
    private static boolean trackMembers(Selection selection, Map<Integer, Tracked> tracked) throws ErrnoException {
        boolean grew = false;
        for (ProcessInfo p : selection.select(ProcessTree.scan())) {
            if (tracked.containsKey(p.pid())) {
                continue;
            }
            int fd;
            try {
                fd = Libc.pidfdOpen(p.pid());
            } catch (ErrnoException e) {
                continue; // ended since the scan
            }
            // The pidfd pins whatever process has this pid now; keep it only if that is the one we scanned.
            if (ProcessInfo.read(p.pid()).filter(now -> now.startTime() == p.startTime() && !now.zombie()).isEmpty()) {
                closeQuietly(fd);
                continue;
            }
            tracked.put(p.pid(), new Tracked(p.pid(), fd));
            grew = true;
        }
        return grew;
    }

    /** Waits on the pidfds until all processes ended or the deadline passed; ended ones leave the map. */
    private static void awaitExit(Map<Integer, Tracked> tracked, long deadlineNanos) throws ErrnoException {
        while (!tracked.isEmpty()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return;
            }
            List<PollFd> fds = new ArrayList<>();
            tracked.values().forEach(t -> fds.add(PollFd.of(t.pidfd(), PollFd.POLLIN)));
            int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, Duration.ofNanos(left).toMillis()));
            for (PollFd f : Libc.poll(fds, millis)) {
                if (f.revents() != 0) {
                    tracked.values().removeIf(t -> {
                        if (t.pidfd() == f.fd()) {
                            closeQuietly(t.pidfd());
                            return true;
                        }
                        return false;
                    });
                }
            }
        }
    }

    private static void closeQuietly(int fd) {
        try {
            Libc.close(fd);
        } catch (ErrnoException ignored) {
            // nothing useful to do: the descriptor is released either way
        }
    }
}
