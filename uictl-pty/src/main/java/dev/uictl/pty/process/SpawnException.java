package dev.uictl.pty.process;

/** The program could not be started; {@link #reason()} says why in terms a caller can act on. */
public final class SpawnException extends PtyException {
    public enum Reason { EXECUTABLE_NOT_FOUND, NOT_EXECUTABLE, BAD_WORKING_DIRECTORY, SYSTEM }

    private final Reason reason;
    private final String subject;

    public SpawnException(Reason reason, String subject, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
        this.subject = subject;
    }

    public Reason reason() {
        return reason;
    }

    /** The executable or directory the failure is about. */
    public String subject() {
        return subject;
    }
}
