package dev.uictl.engine.desktop.env;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends the whole session of each managed process: SIGTERM to every member, then SIGKILL to whatever is still
 * running after a grace period. Children that never left the session (the AT-SPI launcher, its bus and registry
 * daemon under the session bus) go with their leader.
 */
final class SessionReaper {
    private static final Duration GRACE = Duration.ofSeconds(3);
    private static final Duration FORCE_WAIT = Duration.ofSeconds(2);

    private SessionReaper() {
    }

    /** Returns the pids that were signalled; throws when something survived SIGKILL. */
    static List<Long> reap(ManagedProcess leader) {
        List<Long> signalled = new ArrayList<>();
        boolean pidRecycled = ProcStat.of(leader.pid()).filter(s -> s.startTime() != leader.startTime()).isPresent();
        // A session id stays reserved while any member lives; a recycled leader pid means ours is empty.
        if (!pidRecycled) {
            for (ProcStat member : members(leader)) {
                ProcessHandle.of(member.pid()).ifPresent(ProcessHandle::destroy);
                signalled.add(member.pid());
            }
            if (!awaitEmpty(leader, GRACE)) {
                members(leader).forEach(m -> ProcessHandle.of(m.pid()).ifPresent(ProcessHandle::destroyForcibly));
                if (!awaitEmpty(leader, FORCE_WAIT)) {
                    throw new IllegalStateException("processes of session " + leader.pid() + " (" + leader.role()
                            + ") survived SIGKILL: " + members(leader));
                }
            }
        }
        return signalled;
    }

    /** Session members; the session id of a dead leader is still the key its children carry. */
    private static List<ProcStat> members(ManagedProcess leader) {
        return ProcStat.sessionMembers(leader.pid());
    }

    private static boolean awaitEmpty(ManagedProcess leader, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        long pauseMs = 1;
        while (!members(leader).isEmpty()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            // Processes that are not our children cannot be waited for; their exit is only observable in /proc.
            sleep(pauseMs);
            pauseMs = Math.min(pauseMs * 2, 50);
        }
        return true;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reaping", e);
        }
    }
}
