package dev.uictl.pty.process;

/** Input or a resize was sent to a terminal that was closed or that no program holds open any more. */
public final class TerminalGoneException extends PtyException {
    public TerminalGoneException(String message) {
        super(message, null);
    }
}
