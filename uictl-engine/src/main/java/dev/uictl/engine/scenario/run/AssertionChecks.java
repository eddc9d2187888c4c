package dev.uictl.engine.scenario.run;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.json.Json;
import dev.uictl.core.pattern.UserPattern;
import dev.uictl.engine.scenario.artifacts.AssertionOutcome;
import dev.uictl.engine.scenario.model.Assertion;
import dev.uictl.engine.scenario.model.StyleExpectation;
import dev.uictl.engine.terminal.ExitInfo;
import dev.uictl.engine.terminal.ScreenText;
import dev.uictl.engine.terminal.ScreenView;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Evaluates assertions against one observation: the screen (with cells) and the program's exit, if any. */
final class AssertionChecks {
    private AssertionChecks() {
    }

    static AssertionOutcome check(Assertion a, Object payload, ScreenView screen, ExitInfo exit,
                                  Cancellation cancellation, Deadline deadline) {
        ScreenText text = ScreenText.of(screen); // as waits see it: a row's trailing blanks are on the screen
        return switch (a) {
            case Assertion.ScreenContains c -> outcome(a, payload, text.contains(c.text()),
                    text.contains(c.text()) ? "found '" + c.text() + "'" : "'" + c.text() + "' is not on the screen");
            case Assertion.NotContains c -> outcome(a, payload, !text.contains(c.text()),
                    text.contains(c.text()) ? "'" + c.text() + "' is on the screen" : "'" + c.text() + "' is absent");
            case Assertion.RegexMatch r -> {
                boolean found = found(() -> text.find(r.pattern(), cancellation, deadline));
                yield outcome(a, payload, found, (found ? "/" : "no match of /") + r.pattern().source() + "/"
                        + (found ? " matches" : ""));
            }
            case Assertion.LineEquals l -> {
                String line = line(screen, l.line());
                yield outcome(a, payload, l.text().equals(line), line == null ? noLine(screen, l.line())
                        : "line " + l.line() + " was '" + line + "', expected '" + l.text() + "'");
            }
            case Assertion.LineContains l -> {
                String line = line(screen, l.line());
                yield outcome(a, payload, line != null && text.row(l.line()).contains(l.text()), line == null
                        ? noLine(screen, l.line()) : "line " + l.line() + " was '" + line + "'");
            }
            case Assertion.LineMatches l -> {
                String line = line(screen, l.line());
                boolean found = line != null && (found(() -> l.pattern().find(line, cancellation, deadline))
                        || found(() -> l.pattern().find(text.row(l.line()), cancellation, deadline)));
                yield outcome(a, payload, found, line == null ? noLine(screen, l.line())
                        : "line " + l.line() + " was '" + line + "'");
            }
            case Assertion.CursorAt c -> outcome(a, payload,
                    screen.cursor().row() == c.row() && screen.cursor().col() == c.col(),
                    "cursor at (" + screen.cursor().row() + ", " + screen.cursor().col() + "), expected (" + c.row()
                            + ", " + c.col() + ")");
            case Assertion.ScreenEmpty e -> {
                boolean empty = screen.lines().stream().allMatch(String::isBlank);
                yield outcome(a, payload, empty, empty ? "the screen is empty" : "the screen has text");
            }
            case Assertion.CursorVisible v -> outcome(a, payload, screen.cursor().visible(),
                    "cursor is " + (screen.cursor().visible() ? "visible" : "hidden"));
            case Assertion.CursorHidden h -> outcome(a, payload, !screen.cursor().visible(),
                    "cursor is " + (screen.cursor().visible() ? "visible" : "hidden"));
            case Assertion.ExitCode e -> outcome(a, payload, exit != null && exit.code() != null
                            && exit.code() == e.code(),
                    exit == null ? "the program has not exited" : "the program ended with " + exit);
            case Assertion.StyleAt s -> style(s, payload, screen);
        };
    }

    /** A search that may be stopped (its deadline or the caller went away). */
    private interface Search {
        boolean run() throws UserPattern.Stopped;
    }

    /** A stopped search found nothing. */
    private static boolean found(Search search) {
        try {
            return search.run();
        } catch (UserPattern.Stopped stopped) {
            return false;
        }
    }

    private static AssertionOutcome style(Assertion.StyleAt s, Object payload, ScreenView screen) {
        if (screen.cells() == null || s.row() >= screen.cells().size() || s.col() >= screen.cells().get(s.row()).size()) {
            return outcome(s, payload, false, "no cell at (" + s.row() + ", " + s.col() + ") on a " + screen.rows()
                    + "x" + screen.cols() + " screen");
        }
        List<ScreenView.CellView> row = screen.cells().get(s.row());
        ScreenView.StyleView st = row.get(s.col()).style();
        StyleExpectation e = s.expected();
        StringBuilder wrong = new StringBuilder();
        if (e.fg() != null && !sameColor(e.fg(), st.fg())) {
            wrong.append(" fg ").append(Json.write(st.fg()));
        }
        if (e.bg() != null && !sameColor(e.bg(), st.bg())) {
            wrong.append(" bg ").append(Json.write(st.bg()));
        }
        Map<String, Boolean> actual = Map.of("bold", st.bold(), "dim", st.dim(), "italic", st.italic(),
                "underline", st.underline(), "inverse", st.inverse(), "strike", st.strike());
        e.flags().forEach((k, v) -> {
            if (!Objects.equals(actual.get(k), v)) {
                wrong.append(' ').append(k).append('=').append(actual.get(k));
            }
        });
        if (e.text() != null) {
            StringBuilder text = new StringBuilder();
            for (int c = s.col(); c < row.size() && text.length() < e.text().length(); c++) {
                text.append(row.get(c).ch());
            }
            if (!text.toString().startsWith(e.text())) {
                wrong.append(" text '").append(text).append('\'');
            }
        }
        String at = "cell (" + s.row() + ", " + s.col() + ")";
        return outcome(s, payload, wrong.isEmpty(), wrong.isEmpty() ? at + " has the style"
                : at + " differs:" + wrong + " (style " + Json.write(st) + ")");
    }

    private static boolean sameColor(Object expected, Object actual) {
        return Json.tree(expected).equals(Json.tree(actual));
    }

    private static String line(ScreenView screen, int index) {
        return index < screen.lines().size() ? screen.lines().get(index) : null;
    }

    private static String noLine(ScreenView screen, int index) {
        return "no line " + index + " (the screen has " + screen.lines().size() + ")";
    }

    private static AssertionOutcome outcome(Assertion a, Object payload, boolean passed, String message) {
        return new AssertionOutcome(a.type(), passed, message, payload);
    }
}
