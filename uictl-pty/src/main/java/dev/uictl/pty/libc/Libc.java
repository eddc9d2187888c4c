package dev.uictl.pty.libc;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * The libc calls the PTY layer needs, in Java terms: failures throw {@link ErrnoException} with the errno, EINTR is
 * retried, and "would block" / "no such process" are ordinary return values where callers expect them.
 */
public final class Libc {
    private static final int F_SETFD = 2;
    private static final int F_GETFL = 3;
    private static final int F_SETFL = 4;
    private static final int FD_CLOEXEC = 1;
    private static final int O_NONBLOCK = 0x800;
    private static final long TIOCGWINSZ = 0x5413;
    private static final long TIOCSWINSZ = 0x5414;
    private static final long FIONREAD = 0x541B;
    private static final int O_RDWR = 2;
    private static final int O_NOCTTY = 0x100;
    private static final int O_CLOEXEC = 0x80000;
    private static final int TCSANOW = 0;
    private static final int WNOHANG = 1;
    private static final int EFD_NONBLOCK = 0x800;
    private static final int EFD_CLOEXEC = 0x80000;
    private static final int PATH_MAX = 4096;

    private Libc() {
    }

    /** A new pty whose size is set before any program can look at it. */
    public static PtyPair openpty(Winsize size) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment master = arena.allocate(JAVA_INT);
            MemorySegment slave = arena.allocate(JAVA_INT);
            MemorySegment name = arena.allocate(PATH_MAX);
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            int r = (int) invoke(LibcHandles.OPENPTY, state, master, slave, name, MemorySegment.NULL, size.toSegment(arena));
            check("openpty", r, state);
            return new PtyPair(master.get(JAVA_INT, 0), slave.get(JAVA_INT, 0), name.getString(0));
        }
    }

    public static void setCloseOnExec(int fd) throws ErrnoException {
        fcntl("fcntl(F_SETFD)", fd, F_SETFD, FD_CLOEXEC);
    }

    public static void setNonBlocking(int fd) throws ErrnoException {
        int flags = fcntl("fcntl(F_GETFL)", fd, F_GETFL, 0);
        fcntl("fcntl(F_SETFL)", fd, F_SETFL, flags | O_NONBLOCK);
    }

    public static Termios getTermios(int fd) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment t = arena.allocate(Termios.LAYOUT);
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            check("tcgetattr", (int) invoke(LibcHandles.TCGETATTR, state, fd, t), state);
            return Termios.from(t);
        }
    }

    public static void setTermios(int fd, Termios termios) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            check("tcsetattr", (int) invoke(LibcHandles.TCSETATTR, state, fd, TCSANOW, termios.toSegment(arena)), state);
        }
    }

    public static void setWindowSize(int fd, Winsize size) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            check("ioctl(TIOCSWINSZ)", (int) invoke(LibcHandles.IOCTL_PTR, state, fd, TIOCSWINSZ, size.toSegment(arena)), state);
        }
    }

    public static Winsize getWindowSize(int fd) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ws = arena.allocate(Winsize.LAYOUT);
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            check("ioctl(TIOCGWINSZ)", (int) invoke(LibcHandles.IOCTL_PTR, state, fd, TIOCGWINSZ, ws), state);
            return Winsize.from(ws);
        }
    }

    /**
     * Opens a terminal by path without making it the caller's controlling terminal, non-blocking and
     * close-on-exec.
     */
    public static int openTerminal(String path) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            int fd = (int) invoke(LibcHandles.OPEN, state, arena.allocateFrom(path),
                    O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0);
            check("open", fd, state);
            return fd;
        }
    }

    /** Bytes waiting to be read from {@code fd} (FIONREAD); on a tty in line mode, complete lines only. */
    public static int bytesQueued(int fd) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(JAVA_INT);
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            check("ioctl(FIONREAD)", (int) invoke(LibcHandles.IOCTL_PTR, state, fd, FIONREAD, count), state);
            return count.get(JAVA_INT, 0);
        }
    }

    /** Bytes read into {@code buffer}; 0 at end of file; -1 when a non-blocking descriptor has nothing now. */
    public static int read(int fd, MemorySegment buffer, MemorySegment callState) throws ErrnoException {
        while (true) {
            long n = (long) invoke(LibcHandles.READ, callState, fd, buffer, buffer.byteSize());
            if (n >= 0) {
                return (int) n;
            }
            int errno = LibcHandles.errno(callState);
            if (errno == Errno.EAGAIN) {
                return -1;
            }
            if (errno != Errno.EINTR) {
                throw error("read", errno);
            }
        }
    }

    /** Bytes written from {@code data}; -1 when a non-blocking descriptor cannot take any now. */
    public static long write(int fd, MemorySegment data) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            while (true) {
                long n = (long) invoke(LibcHandles.WRITE, state, fd, data, data.byteSize());
                if (n >= 0) {
                    return n;
                }
                int errno = LibcHandles.errno(state);
                if (errno == Errno.EAGAIN) {
                    return -1;
                }
                if (errno != Errno.EINTR) {
                    throw error("write", errno);
                }
            }
        }
    }

    /** Waits up to {@code timeoutMillis} (-1: forever) and returns the descriptors with their revents filled in. */
    public static List<PollFd> poll(List<PollFd> fds, int timeoutMillis) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment array = arena.allocate(PollFd.LAYOUT, fds.size());
            for (int i = 0; i < fds.size(); i++) {
                fds.get(i).write(array, i);
            }
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            int r = (int) invoke(LibcHandles.POLL, state, array, (long) fds.size(), timeoutMillis);
            List<PollFd> out = new ArrayList<>(fds.size());
            if (r < 0) {
                int errno = LibcHandles.errno(state);
                if (errno != Errno.EINTR) {
                    throw error("poll", errno);
                }
                fds.forEach(f -> out.add(PollFd.of(f.fd(), f.events())));
                return out;
            }
            for (int i = 0; i < fds.size(); i++) {
                out.add(fds.get(i).withRevents(array, i));
            }
            return out;
        }
    }

    public static void close(int fd) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            // close is never retried on EINTR: on Linux the descriptor is already released.
            int r = (int) invoke(LibcHandles.CLOSE, state, fd);
            if (r < 0 && LibcHandles.errno(state) != Errno.EINTR) {
                throw error("close", LibcHandles.errno(state));
            }
        }
    }

    /** The raw wait status of a child that has ended, or -1 when it is still running (WNOHANG). */
    public static int waitpidNoHang(int pid) throws ErrnoException {
        return waitpid(pid, WNOHANG);
    }

    /** Blocks until the child ends and returns its raw wait status. */
    public static int waitpid(int pid) throws ErrnoException {
        return waitpid(pid, 0);
    }

    private static int waitpid(int pid, int options) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment status = arena.allocate(JAVA_INT);
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            while (true) {
                int r = (int) invoke(LibcHandles.WAITPID, state, pid, status, options);
                if (r == pid) {
                    return status.get(JAVA_INT, 0);
                }
                if (r == 0) {
                    return -1;
                }
                int errno = LibcHandles.errno(state);
                if (errno != Errno.EINTR) {
                    throw error("waitpid", errno);
                }
            }
        }
    }

    /** False when no such process (or group, for a negative pid) exists any more. */
    public static boolean kill(int pid, int signal) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            if ((int) invoke(LibcHandles.KILL, state, pid, signal) == 0) {
                return true;
            }
            int errno = LibcHandles.errno(state);
            if (errno == Errno.ESRCH) {
                return false;
            }
            throw error("kill", errno);
        }
    }

    /** A descriptor that pins the process's identity and becomes readable when it ends (Linux 5.3+). */
    public static int pidfdOpen(int pid) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            int fd = (int) invoke(LibcHandles.PIDFD_OPEN, state, pid, 0);
            check("pidfd_open", fd, state);
            return fd;
        }
    }

    /** Signals the process a pidfd names, never a recycled pid; false when it has already ended. */
    public static boolean pidfdSendSignal(int pidfd, int signal) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            if ((int) invoke(LibcHandles.PIDFD_SEND_SIGNAL, state, pidfd, signal, MemorySegment.NULL, 0) == 0) {
                return true;
            }
            int errno = LibcHandles.errno(state);
            if (errno == Errno.ESRCH) {
                return false;
            }
            throw error("pidfd_send_signal", errno);
        }
    }

    /** A non-blocking, close-on-exec eventfd: a poll()-able wake-up for a thread parked in poll. */
    public static int eventfd() throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            int fd = (int) invoke(LibcHandles.EVENTFD, state, 0, EFD_NONBLOCK | EFD_CLOEXEC);
            check("eventfd", fd, state);
            return fd;
        }
    }

    public static void eventfdSignal(int fd) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            write(fd, arena.allocateFrom(JAVA_LONG, 1L));
        }
    }

    /**
     * Starts a program on a terminal: a new session ({@code POSIX_SPAWN_SETSID}), then the slave opened by path
     * as fd 0 (without O_NOCTTY, so it becomes the controlling terminal and job control works), dup'ed to 1 and 2,
     * every other descriptor closed, default signal dispositions and an empty mask. glibc runs the file actions in
     * the child after setsid, and posix_spawn returns only once the child has exec'ed or failed.
     */
    public static int spawnOnTerminal(SpawnRequest request) throws ErrnoException {
        return PosixSpawn.spawn(request);
    }

    /** The symbolic name of an errno value, e.g. {@code ENOENT}. */
    public static String errnoName(int errno) {
        MemorySegment s = (MemorySegment) invoke(LibcHandles.STRERRORNAME_NP, errno);
        return s.equals(MemorySegment.NULL) ? "E" + errno : s.reinterpret(64).getString(0);
    }

    static ErrnoException error(String call, int errno) {
        MemorySegment d = (MemorySegment) invoke(LibcHandles.STRERROR, errno);
        String description = d.equals(MemorySegment.NULL) ? "unknown error" : d.reinterpret(256).getString(0);
        return new ErrnoException(call, errno, errnoName(errno), description);
    }

    private static int fcntl(String call, int fd, int cmd, int arg) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(LibcHandles.CALL_STATE);
            int r = (int) invoke(LibcHandles.FCNTL_INT, state, fd, cmd, arg);
            check(call, r, state);
            return r;
        }
    }

    private static void check(String call, int result, MemorySegment state) throws ErrnoException {
        if (result < 0) {
            throw error(call, LibcHandles.errno(state));
        }
    }

    /** Downcalls cannot throw checked exceptions; anything else escaping one is a programming error. */
    static Object invoke(MethodHandle handle, Object... args) {
        try {
            return handle.invokeWithArguments(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
