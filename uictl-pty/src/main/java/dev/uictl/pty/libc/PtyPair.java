package dev.uictl.pty.libc;

/** The two ends of a new pseudo-terminal and the slave's path (e.g. {@code /dev/pts/3}). */
public record PtyPair(int master, int slave, String slaveName) {
}
