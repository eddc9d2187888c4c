package dev.uictl.pty.process;

/**
 * Receives what happens on a terminal, always on the process's reader thread and in order: output chunks, then
 * (once) the exit status after the output written before the exit was drained, then (once) the end of output when
 * no process holds the terminal open any more. Implementations must not block for long.
 */
public interface PtyListener {
    /** A chunk of output; the array is the listener's to keep. Multi-byte characters may be split across chunks. */
    void output(byte[] chunk);

    default void exited(ExitStatus status) {
    }

    default void endOfOutput() {
    }
}
