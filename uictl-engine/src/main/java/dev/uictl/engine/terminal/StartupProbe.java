package dev.uictl.engine.terminal;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether a program that has drawn nothing yet is done starting, read from /proc: its foreground process sleeps in
 * read(2) on its terminal (cat, a silent `read`) or on a timer (sleep). A program still loading runs, waits for the
 * disk, or sleeps in other calls (a shell waiting for its child, threads starting), and counts as starting.
 */
final class StartupProbe {
    private StartupProbe() {
    }

    /** "reading_input" or "sleeping" when the foreground program waits like a started one; empty otherwise. */
    static Optional<String> waitingWithoutOutput(int sessionLeader) {
        String[] leader = ForegroundProbe.statFields(sessionLeader);
        if (leader == null) {
            return Optional.empty();
        }
        int foreground = Integer.parseInt(leader[5]);
        Path dir = Path.of("/proc", Integer.toString(foreground > 0 ? foreground : sessionLeader));
        String[] stat = ForegroundProbe.statFields(dir);
        if (stat == null || stat[0].charAt(0) != 'S') {
            return Optional.empty();
        }
        return BlockedCall.of(dir).flatMap(call -> call.nr() == BlockedCall.READ
                ? (ForegroundActivity.isTerminal(dir, call.intArg(0)) ? Optional.of("reading_input") : Optional.empty())
                : call.sleeps() ? Optional.of("sleeping") : Optional.empty());
    }
}
