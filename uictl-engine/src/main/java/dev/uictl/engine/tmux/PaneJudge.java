package dev.uictl.engine.tmux;

import dev.uictl.engine.tmux.model.PaneState;
import dev.uictl.tmux.command.PaneInfo;

/**
 * The one classifier of pane activity: exited when the pane's program is gone, working when it wrote output
 * within the quiet period, idle otherwise. It reads only the control-mode output stream and the process table.
 */
final class PaneJudge {
    private PaneJudge() {
    }

    static boolean alive(PaneInfo pane) {
        return !pane.dead() && pane.pid() > 0 && ProcessHandle.of(pane.pid()).map(ProcessHandle::isAlive).orElse(false);
    }

    static PaneState judge(PaneInfo pane, PaneStream stream, long quietNanos, long now) {
        boolean alive = alive(pane);
        long last = stream.lastOutputNanos();
        long quiet = stream.quietNanos(now);
        long observedMs = (now - stream.watchingSince()) / 1_000_000;
        String state;
        String reason;
        if (!alive) {
            state = "exited";
            reason = pane.dead() ? "the pane is dead" + (pane.deadStatus() >= 0 ? " (exit status " + pane.deadStatus()
                    + ")" : "") : "process " + pane.pid() + " is gone";
        } else if (last < 0 && quiet < quietNanos) {
            state = "idle";
            reason = "no output in the " + observedMs + " ms watched, less than the quiet period ("
                    + (quietNanos / 1_000_000) + " ms): provisional; pid " + pane.pid() + " alive";
        } else if (quiet < quietNanos) {
            state = "working";
            reason = "output " + (quiet / 1_000_000) + " ms ago (within the " + (quietNanos / 1_000_000)
                    + " ms quiet period); pid " + pane.pid() + " alive";
        } else {
            state = "idle";
            reason = (last < 0 ? "no output in the " + observedMs + " ms watched" : "no output for "
                    + (quiet / 1_000_000) + " ms") + " (quiet period " + (quietNanos / 1_000_000) + " ms); pid "
                    + pane.pid() + " alive";
        }
        return new PaneState(pane.position(), pane.id(), pane.command(), pane.pid(), state, reason,
                Math.round(stream.velocity(now) * 10) / 10.0, last < 0 ? null : Math.max(0, now - last) / 1_000_000, observedMs,
                alive, stream.totalBytes());
    }
}
