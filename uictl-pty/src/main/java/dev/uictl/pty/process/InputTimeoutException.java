package dev.uictl.pty.process;

/** The program did not read its input: the terminal's input queue stayed full until the deadline. */
public final class InputTimeoutException extends PtyException {
    private final long written;

    public InputTimeoutException(String message, long written) {
        super(message, null);
        this.written = written;
    }

    /** How many bytes did reach the terminal before the deadline. */
    public long written() {
        return written;
    }
}
