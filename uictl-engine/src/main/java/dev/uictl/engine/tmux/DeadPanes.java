package dev.uictl.engine.tmux;

import dev.uictl.core.call.Deadline;
import dev.uictl.tmux.command.PaneInfo;
import dev.uictl.tmux.control.TmuxException;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * tmux's own word on which panes of a session are dead (remain-on-exit), asked at most every
 * {@link #REFRESH_NANOS} while a wait re-checks. It backs up the process-table check, which a pid that is not yet
 * reaped (a zombie still counts as alive) or one reused would fool.
 */
final class DeadPanes {
    private static final long REFRESH_NANOS = 250_000_000L;
    private final ServerConnection conn;
    private final String session;
    private final Deadline deadline;
    private long askedAt = System.nanoTime() - REFRESH_NANOS;
    private Set<String> dead = Set.of();

    DeadPanes(ServerConnection conn, String session, Deadline deadline) {
        this.conn = conn;
        this.session = session;
        this.deadline = deadline;
    }

    synchronized boolean contains(String paneId) {
        long now = System.nanoTime();
        if (now - askedAt >= REFRESH_NANOS && !deadline.expired()) {
            askedAt = now;
            try {
                dead = conn.panes(session, TmuxService.roundTrip(deadline)).stream().filter(PaneInfo::dead)
                        .map(PaneInfo::id).collect(Collectors.toSet());
            } catch (TmuxException e) {
                // the session or server is gone; the caller learns that from the client's end
            }
        }
        return dead.contains(paneId);
    }
}
