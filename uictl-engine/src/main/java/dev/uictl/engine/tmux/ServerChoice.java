package dev.uictl.engine.tmux;

/**
 * The tmux server a call addresses: {@code -L NAME}, {@code -S PATH}, or neither (the default socket under the
 * caller's {@code TMUX_TMPDIR}).
 */
public record ServerChoice(String socketName, String socketPath) {
    public static final ServerChoice DEFAULT = new ServerChoice(null, null);
}
