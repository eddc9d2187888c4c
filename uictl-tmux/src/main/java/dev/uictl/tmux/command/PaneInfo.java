package dev.uictl.tmux.command;

import java.util.ArrayList;
import java.util.List;

/**
 * One pane as {@code list-panes} describes it ({@link #FORMAT}); {@link #parse} reads one reply line.
 *
 * @param deadStatus the exit status of a dead pane's program (remain-on-exit), else -1
 * @param tty        the pane's terminal ({@code /dev/pts/N})
 */
public record PaneInfo(String session, int window, int index, String id, long pid, String command, int width,
                       int height, boolean active, boolean windowActive, boolean dead, int deadStatus,
                       boolean alternateScreen, int cursorX, int cursorY, String tty, String title) {
    /** Between fields; the title (free text) comes last so a separator inside it cannot shift the others. */
    private static final String SEP = "\u001f|\u001f";
    private static final String[] FIELDS = {"session_name", "window_index", "pane_index", "pane_id", "pane_pid",
        "pane_current_command", "pane_width", "pane_height", "pane_active", "window_active", "pane_dead",
        "pane_dead_status", "alternate_on", "cursor_x", "cursor_y", "pane_tty", "pane_title"};
    public static final String FORMAT = format();

    private static String format() {
        List<String> parts = new ArrayList<>();
        for (String f : FIELDS) {
            parts.add("#{" + f + "}");
        }
        return String.join(SEP, parts);
    }

    public static PaneInfo parse(String line) {
        String[] f = line.split(java.util.regex.Pattern.quote(SEP), FIELDS.length);
        if (f.length != FIELDS.length) {
            throw new IllegalArgumentException("unexpected list-panes line: " + line);
        }
        return new PaneInfo(f[0], num(f[1]), num(f[2]), f[3], Long.parseLong(orZero(f[4])), f[5], num(f[6]),
                num(f[7]), f[8].equals("1"), f[9].equals("1"), f[10].equals("1"),
                f[11].isEmpty() ? -1 : num(f[11]), f[12].equals("1"), num(f[13]), num(f[14]), f[15], f[16]);
    }

    /** {@code W.P}. */
    public String position() {
        return window + "." + index;
    }

    private static int num(String s) {
        return Integer.parseInt(orZero(s));
    }

    private static String orZero(String s) {
        return s.isEmpty() ? "0" : s;
    }
}
