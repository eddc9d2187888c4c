package dev.uictl.engine.scenario.model;

import dev.uictl.core.pattern.UserPattern;

/** What a wait action waits for; re-checked on every output chunk and on the program's exit. */
public sealed interface Condition {
    String type();

    record ScreenContains(String text) implements Condition {
        public String type() {
            return "screen_contains";
        }
    }

    record ScreenMatches(UserPattern pattern) implements Condition {
        public String type() {
            return "screen_matches";
        }
    }

    record CursorAt(int row, int col) implements Condition {
        public String type() {
            return "cursor_at";
        }
    }

    record ProcessExited() implements Condition {
        public String type() {
            return "process_exited";
        }
    }

    /** No output for {@code quietMs}. */
    record ScreenStable(long quietMs) implements Condition {
        public String type() {
            return "screen_stable";
        }
    }
}
