package dev.uictl.pty.libc;

/** The errno values callers branch on (Linux, all architectures). */
public final class Errno {
    public static final int ESRCH = 3;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int ENOENT = 2;
    public static final int EAGAIN = 11;
    public static final int EACCES = 13;
    public static final int ENOEXEC = 8;

    private Errno() {
    }
}
