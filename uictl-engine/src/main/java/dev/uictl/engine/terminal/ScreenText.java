package dev.uictl.engine.terminal;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.pattern.UserPattern;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.unicode.CharWidth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The screen as text conditions see it. The snapshot's lines are trimmed (that is what the JSON shows), but a
 * terminal row has no end before its last column: a prompt {@code "$ "} is {@code "$"} followed by blank cells.
 * So text is matched against every row padded with blanks to its full width, which is exactly what is displayed.
 * Waits ({@code term wait}, a scenario's wait steps) and a scenario's assertions look at the screen through this one
 * rule, so an assertion holds on the screen a wait with the same text just accepted.
 */
public record ScreenText(String trimmed, String padded) {
    static ScreenText of(ScreenSnapshot snapshot) {
        return of(snapshot.lines(), snapshot.cols());
    }

    /** The screen a session or a run handed out. */
    public static ScreenText of(ScreenView screen) {
        return of(screen.lines(), screen.cols());
    }

    /** Row {@code r} as displayed: its text and the blanks after it, to the full width. */
    public String row(int r) {
        return padded.split("\n", -1)[r];
    }

    /** Whether the text stands on the screen, blanks after a row's last character included. */
    public boolean contains(String text) {
        return padded.contains(text);
    }

    /**
     * Whether the pattern matches either reading: {@code "^done$"} anchors at the trimmed end of a row, while
     * {@code "\\$ "} needs the blank after the prompt.
     */
    public boolean find(UserPattern pattern, Cancellation cancellation, Deadline deadline) throws UserPattern.Stopped {
        return pattern.find(trimmed, cancellation, deadline) || pattern.find(padded, cancellation, deadline);
    }

    /**
     * Only the rows that are new since {@code before} (a screen shown earlier), the others blank: a row counts as
     * new when the screen now holds more rows with its text than {@code before} did. Rows that merely scrolled
     * keep their text and are not new; a line printed again is.
     */
    static ScreenText newRows(ScreenSnapshot snapshot, List<String> before) {
        Map<String, Integer> old = new HashMap<>();
        before.forEach(l -> old.merge(l, 1, Integer::sum));
        List<String> fresh = new ArrayList<>(snapshot.lines().size());
        for (String line : snapshot.lines()) {
            int left = old.getOrDefault(line, 0);
            if (left > 0) {
                old.put(line, left - 1);
                fresh.add("");
            } else {
                fresh.add(line);
            }
        }
        return of(fresh, snapshot.cols());
    }

    private static ScreenText of(List<String> lines, int cols) {
        StringBuilder padded = new StringBuilder(lines.size() * (cols + 1));
        for (int r = 0; r < lines.size(); r++) {
            if (r > 0) {
                padded.append('\n');
            }
            String line = lines.get(r);
            padded.append(line).repeat(' ', Math.max(0, cols - columns(line)));
        }
        return new ScreenText(String.join("\n", lines), padded.toString());
    }

    /** Columns the row's text occupies: wide characters take two, combining marks none. */
    private static int columns(String line) {
        return line.codePoints().map(cp -> Math.max(0, CharWidth.of(cp))).sum();
    }
}
