package dev.uictl.tmux.command;

import java.util.regex.Pattern;

/**
 * The one place that builds {@code -t} targets. Names are matched exactly ({@code =name}): tmux otherwise takes a
 * unique prefix, so {@code -t api} can land in {@code api-2}. Pane commands get {@code =name:W.P} (tmux 3.3a reads
 * a bare {@code =name} there as a pane name and fails), session commands {@code =name}; pane ids {@code %N} are
 * already exact.
 *
 * @param text the rendered target, ready for {@code -t}
 */
public record Target(String text) {
    /** No '.' or ':': tmux stores "x.y" as "x_y" (they separate window and pane in targets). */
    private static final Pattern SESSION_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_-]{0,63}");
    private static final Pattern PANE_ID = Pattern.compile("%\\d{1,9}");

    /** Whether tmux can hold this name exactly (no {@code :} or {@code .}, no spaces, bounded). */
    public static boolean validSessionName(String name) {
        return name != null && SESSION_NAME.matcher(name).matches();
    }

    /** The session itself, for {@code has-session}, {@code kill-session}, {@code attach-session}. */
    public static Target session(String name) {
        requireName(name);
        return new Target("=" + name);
    }

    /** The session's current window and pane, for window/pane commands ({@code list-panes -s}, {@code split-window}). */
    public static Target sessionPanes(String name) {
        requireName(name);
        return new Target("=" + name + ":");
    }

    /** Window {@code window} of the session. */
    public static Target window(String name, int window) {
        requireName(name);
        return new Target("=" + name + ":" + window);
    }

    /** Pane {@code pane} of window {@code window} in the session. */
    public static Target pane(String name, int window, int pane) {
        requireName(name);
        return new Target("=" + name + ":" + window + "." + pane);
    }

    /** A pane by its server-wide id {@code %N}. */
    public static Target paneId(String id) {
        if (!PANE_ID.matcher(id).matches()) {
            throw new IllegalArgumentException("not a pane id: " + id);
        }
        return new Target(id);
    }

    private static void requireName(String name) {
        if (!validSessionName(name)) {
            throw new IllegalArgumentException("not a valid tmux session name: " + name);
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
