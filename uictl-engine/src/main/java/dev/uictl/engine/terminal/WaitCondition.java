package dev.uictl.engine.terminal;

import java.time.Duration;
import dev.uictl.core.pattern.UserPattern;

/** What `term wait` waits for; each is re-checked whenever the program writes output or exits. */
public sealed interface WaitCondition {
    /** How the condition reads in results and errors, e.g. {@code text "ready"}. */
    String describe();

    record Text(String text) implements WaitCondition {
        public String describe() {
            return "text \"" + text + "\"";
        }
    }

    record Regex(UserPattern pattern) implements WaitCondition {
        public String describe() {
            return "regex /" + pattern.source() + "/";
        }
    }

    record CursorAt(int row, int col) implements WaitCondition {
        public String describe() {
            return "cursor at " + row + "," + col;
        }
    }

    record Exited() implements WaitCondition {
        public String describe() {
            return "exit";
        }
    }

    record Idle(Duration quiet) implements WaitCondition {
        public String describe() {
            return "idle " + quiet.toMillis() + " ms";
        }
    }

    record Gone(String text) implements WaitCondition {
        public String describe() {
            return "gone \"" + text + "\"";
        }
    }
}
