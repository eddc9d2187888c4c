package dev.uictl.engine.scenario.model;

import java.util.List;

/** What a step does to the program; {@code type()} is the scenario's action type. */
public sealed interface Action {
    String type();

    /** Keys in tmux names (ptybox names such as {@code Ctrl+C} are translated when parsed). */
    record Key(List<String> keys) implements Action {
        public Key {
            keys = List.copyOf(keys);
        }

        public String type() {
            return "key";
        }
    }

    record Text(String text) implements Action {
        public String type() {
            return "text";
        }
    }

    /** Bracketed when the program enabled bracketed paste. */
    record Paste(String text) implements Action {
        public String type() {
            return "paste";
        }
    }

    record Resize(int rows, int cols) implements Action {
        public String type() {
            return "resize";
        }
    }

    record Wait(Condition condition) implements Action {
        public String type() {
            return "wait";
        }
    }

    /** Looks at the screen without sending anything. */
    record Observe() implements Action {
        public String type() {
            return "observe";
        }
    }

    /** Ends the program's process tree with the signal (TERM by default). */
    record Terminate(String signal) implements Action {
        public String type() {
            return "terminate";
        }
    }
}
