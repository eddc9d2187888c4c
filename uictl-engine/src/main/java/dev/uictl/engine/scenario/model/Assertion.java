package dev.uictl.engine.scenario.model;

import dev.uictl.core.pattern.UserPattern;

/** A check of one observation; lines and rows are 0-based. */
public sealed interface Assertion {
    String type();

    record ScreenContains(String text) implements Assertion {
        public String type() {
            return "screen_contains";
        }
    }

    record NotContains(String text) implements Assertion {
        public String type() {
            return "not_contains";
        }
    }

    record RegexMatch(UserPattern pattern) implements Assertion {
        public String type() {
            return "regex_match";
        }
    }

    record LineEquals(int line, String text) implements Assertion {
        public String type() {
            return "line_equals";
        }
    }

    record LineContains(int line, String text) implements Assertion {
        public String type() {
            return "line_contains";
        }
    }

    record LineMatches(int line, UserPattern pattern) implements Assertion {
        public String type() {
            return "line_matches";
        }
    }

    record CursorAt(int row, int col) implements Assertion {
        public String type() {
            return "cursor_at";
        }
    }

    record ScreenEmpty() implements Assertion {
        public String type() {
            return "screen_empty";
        }
    }

    record CursorVisible() implements Assertion {
        public String type() {
            return "cursor_visible";
        }
    }

    record CursorHidden() implements Assertion {
        public String type() {
            return "cursor_hidden";
        }
    }

    /** The program has exited with this code (a killing signal fails it). */
    record ExitCode(int code) implements Assertion {
        public String type() {
            return "exit_code";
        }
    }

    /**
     * The cell at row/col has the given style attributes; only those given are checked. Colours are written as in
     * the screen model: "default", {"ansi16":n}, {"ansi256":n}, {"rgb":{"r":..,"g":..,"b":..}}; {@code text} checks the
     * characters starting there.
     */
    record StyleAt(int row, int col, StyleExpectation expected) implements Assertion {
        public String type() {
            return "style_at";
        }
    }
}
