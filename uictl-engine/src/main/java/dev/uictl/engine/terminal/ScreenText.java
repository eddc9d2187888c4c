package dev.uictl.engine.terminal;

import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.unicode.CharWidth;
import java.util.List;

/**
 * The screen as text conditions see it. The snapshot's lines are trimmed (that is what the JSON shows), but a
 * terminal row has no end before its last column: a prompt {@code "$ "} is {@code "$"} followed by blank cells.
 * So text is matched against every row padded with blanks to its full width, which is exactly what is displayed.
 */
record ScreenText(String trimmed, String padded) {
    static ScreenText of(ScreenSnapshot snapshot) {
        List<String> lines = snapshot.lines();
        StringBuilder padded = new StringBuilder(lines.size() * (snapshot.cols() + 1));
        for (int r = 0; r < lines.size(); r++) {
            if (r > 0) {
                padded.append('\n');
            }
            String line = lines.get(r);
            padded.append(line).repeat(' ', Math.max(0, snapshot.cols() - columns(line)));
        }
        return new ScreenText(String.join("\n", lines), padded.toString());
    }

    /** Columns the row's text occupies: wide characters take two, combining marks none. */
    private static int columns(String line) {
        return line.codePoints().map(cp -> Math.max(0, CharWidth.of(cp))).sum();
    }
}
