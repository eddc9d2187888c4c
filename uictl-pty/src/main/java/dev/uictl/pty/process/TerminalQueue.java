package dev.uictl.pty.process;

import dev.uictl.pty.libc.ErrnoException;
import dev.uictl.pty.libc.Libc;
import java.util.OptionalInt;

/**
 * The input a terminal holds that its program has not read yet, seen through a short-lived descriptor of our own (one
 * kept open would hide the end of the program's output). In canonical mode only complete lines count: a line still
 * being typed is not yet readable.
 */
public final class TerminalQueue {
    private TerminalQueue() {
    }

    /**
     * Bytes waiting in the input queue of {@code ttyPath} ({@code /dev/pts/N}).
     *
     * @throws ErrnoException when the terminal cannot be opened (gone, not ours, or taken with TIOCEXCL) or read
     */
    public static int unread(String ttyPath) throws ErrnoException {
        int fd = Libc.openTerminal(ttyPath);
        try {
            return Libc.bytesQueued(fd);
        } finally {
            try {
                Libc.close(fd);
            } catch (ErrnoException ignored) {
                // released either way
            }
        }
    }

    /** Like {@link #unread}, empty when the terminal cannot be looked at. */
    public static OptionalInt unreadIfVisible(String ttyPath) {
        try {
            return OptionalInt.of(unread(ttyPath));
        } catch (ErrnoException e) {
            return OptionalInt.empty();
        }
    }
}
