package dev.uictl.pty.process;

import java.io.IOException;

/** Everything the PTY layer reports; callers switch over the permitted cases. */
public sealed abstract class PtyException extends IOException
        permits SpawnException, TerminalIoException, TerminalGoneException, InputTimeoutException {
    PtyException(String message, Throwable cause) {
        super(message, cause);
    }
}
