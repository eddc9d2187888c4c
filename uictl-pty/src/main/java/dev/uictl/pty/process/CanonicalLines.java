package dev.uictl.pty.process;

import dev.uictl.pty.libc.ErrnoException;
import dev.uictl.pty.libc.Libc;
import dev.uictl.pty.libc.Termios;
import java.util.Optional;

/**
 * The kernel's limit on input for a program that reads line by line (canonical mode): the line discipline keeps at
 * most {@link #MAX_LINE_BYTES} bytes of one line and drops the rest without telling the writer, whoever writes
 * (uictl's own pty, or tmux into a pane's). Writers check input against it before sending.
 */
public final class CanonicalLines {
    /** N_TTY_BUF_SIZE (4096) less the byte kept for the line's end. */
    public static final int MAX_LINE_BYTES = 4095;

    private CanonicalLines() {
    }

    /** The longest run of bytes between line ends in {@code input}, the first run continuing {@code pending} bytes. */
    public static int longestLine(int pending, byte[]... input) {
        int longest = pending;
        int run = pending;
        for (byte[] part : input) {
            for (byte b : part) {
                run = b == '\n' || b == '\r' ? 0 : run + 1;
                longest = Math.max(longest, run);
            }
        }
        return longest;
    }

    /**
     * Whether the program on the terminal at {@code ttyPath} (a pane's {@code /dev/pts/N}) reads line by line; empty
     * when the terminal cannot be opened or read (gone, or not ours).
     */
    public static Optional<Boolean> readsLines(String ttyPath) {
        int fd;
        try {
            fd = Libc.openTerminal(ttyPath);
        } catch (ErrnoException e) {
            return Optional.empty();
        }
        try {
            return Optional.of((Libc.getTermios(fd).lflag() & Termios.ICANON) != 0);
        } catch (ErrnoException e) {
            return Optional.empty();
        } finally {
            try {
                Libc.close(fd);
            } catch (ErrnoException ignored) {
                // released either way
            }
        }
    }
}
