package dev.uictl.pty.process;

/** A read, write, resize or signal on the terminal failed for a system reason (the cause carries the errno). */
public final class TerminalIoException extends PtyException {
    public TerminalIoException(String message, Throwable cause) {
        super(message, cause);
    }
}
