package dev.uictl.tmux.control;

import java.util.List;

/**
 * A tmux failure, classified from what tmux itself answered (the reply block or the client's stderr), never from
 * the command's own arguments: a message typed by a user may well contain "can't find session".
 */
public abstract sealed class TmuxException extends RuntimeException {
    private final String command;

    TmuxException(String command, String message) {
        super(message, null, false, false);
        this.command = command;
    }

    /** The tmux command line that failed, when there was one. */
    public String command() {
        return command;
    }

    /** The tmux binary is not installed or cannot be run. */
    public static final class TmuxMissing extends TmuxException {
        public TmuxMissing(String message) {
            super(null, message);
        }
    }

    /** No server listens on the selected socket (never started, or killed). */
    public static final class NoServer extends TmuxException {
        public NoServer(String command, String message) {
            super(command, message);
        }
    }

    /** The server went away while the command was in flight: it may or may not have run. */
    public static final class ServerGone extends TmuxException {
        public ServerGone(String command, String message) {
            super(command, message);
        }
    }

    public static final class SessionNotFound extends TmuxException {
        public SessionNotFound(String command, String message) {
            super(command, message);
        }
    }

    /** A window or pane target matched nothing. */
    public static final class PaneNotFound extends TmuxException {
        public PaneNotFound(String command, String message) {
            super(command, message);
        }
    }

    /** A session of that name already exists. */
    public static final class DuplicateSession extends TmuxException {
        public DuplicateSession(String command, String message) {
            super(command, message);
        }
    }

    /** tmux did not answer within the time the caller allowed. */
    public static final class NoReply extends TmuxException {
        public NoReply(String command, String message) {
            super(command, message);
        }
    }

    /** Any other error reply (bad arguments, parse error, a refused operation). */
    public static final class CommandFailed extends TmuxException {
        public CommandFailed(String command, String message) {
            super(command, message);
        }
    }

    /** Classifies an error text that tmux wrote (reply block or stderr) for {@code command}. */
    public static TmuxException classify(String command, List<String> replyLines) {
        String text = String.join("\n", replyLines).strip();
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        if (lower.startsWith("no server running") || lower.contains("error connecting to")
                || lower.equals("no sessions") || lower.startsWith("server exited")) {
            return new NoServer(command, text);
        }
        if (lower.startsWith("can't find session") || lower.startsWith("session not found")) {
            return new SessionNotFound(command, text);
        }
        if (lower.startsWith("can't find pane") || lower.startsWith("can't find window")
                || lower.startsWith("window not found") || lower.startsWith("pane not found")) {
            return new PaneNotFound(command, text);
        }
        if (lower.startsWith("duplicate session")) {
            return new DuplicateSession(command, text);
        }
        return new CommandFailed(command, text.isEmpty() ? "tmux reported an error without a message" : text);
    }
}
