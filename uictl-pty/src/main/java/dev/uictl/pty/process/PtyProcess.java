package dev.uictl.pty.process;

import dev.uictl.pty.libc.Errno;
import dev.uictl.pty.libc.ErrnoException;
import dev.uictl.pty.libc.Libc;
import dev.uictl.pty.libc.PollFd;
import dev.uictl.pty.libc.PtyPair;
import dev.uictl.pty.libc.SpawnRequest;
import dev.uictl.pty.libc.Termios;
import dev.uictl.pty.libc.Winsize;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A program running on its own pseudo-terminal. One dedicated platform thread per process polls the master (output,
 * non-blocking reads), a pidfd (exit, reaped at once: no zombies) and an eventfd (close), and reports to the
 * {@link PtyListener}. Writes, resizes and termination may come from any thread.
 */
public final class PtyProcess implements AutoCloseable {
    /**
     * The native read buffer, one per process for its lifetime (200 sessions hold 200 of them). A pty read returns
     * at most what the line discipline buffers (4 KiB on Linux), so a larger buffer would only cost memory.
     */
    private static final int READ_CHUNK = 16 * 1024;
    private static final Duration CLOSE_GRACE = Duration.ofMillis(500);

    private final int pid;
    private final ProcessMarker marker;
    private final int master;
    private final int pidfd;
    private final int wake;
    private final String terminalName;
    private final PtyListener listener;
    private final CompletableFuture<ExitStatus> exit = new CompletableFuture<>();
    private final Object writeLock = new Object();
    private final Thread reader;
    /** Reads and their delivery to the listener happen under this lock, so chunks arrive in order from any thread. */
    private final Object readLock = new Object();
    private final Arena readArena = Arena.ofShared();
    private final MemorySegment readBuffer = readArena.allocate(READ_CHUNK);
    private final MemorySegment readCallState = readArena.allocate(java.lang.foreign.Linker.Option.captureStateLayout());
    private volatile boolean closing;
    private volatile boolean outputEnded;
    private volatile boolean released;

    private PtyProcess(int pid, ProcessMarker marker, int master, int pidfd, int wake, String terminalName,
                       PtyListener listener) {
        this.pid = pid;
        this.marker = marker;
        this.master = master;
        this.pidfd = pidfd;
        this.wake = wake;
        this.terminalName = terminalName;
        this.listener = listener;
        this.reader = Thread.ofPlatform().daemon().name("pty-" + pid).unstarted(this::readLoop);
    }

    /** Starts the program; its output, exit and end of output go to {@code listener} from now on. */
    public static PtyProcess spawn(PtyCommand command, PtyListener listener) throws PtyException {
        if (!Files.isDirectory(command.cwd())) {
            throw new SpawnException(SpawnException.Reason.BAD_WORKING_DIRECTORY, command.cwd().toString(),
                    "working directory " + command.cwd() + " is not a directory", null);
        }
        Path executable = Executables.resolve(command.argv().getFirst(), command.environment(), command.cwd());
        PtyPair pty;
        try {
            pty = Libc.openpty(Winsize.of(command.rows(), command.cols()));
        } catch (ErrnoException e) {
            throw new SpawnException(SpawnException.Reason.SYSTEM, "openpty", "cannot open a pseudo-terminal: " + e.getMessage(), e);
        }
        int pid = -1;
        int pidfd = -1;
        try {
            Libc.setCloseOnExec(pty.master());
            Libc.setCloseOnExec(pty.slave());
            Libc.setNonBlocking(pty.master());
            Termios t = Libc.getTermios(pty.slave());
            Libc.setTermios(pty.slave(), t.withIflag(t.iflag() | Termios.IUTF8));
            pid = Libc.spawnOnTerminal(new SpawnRequest(executable.toString(), command.argv(),
                    environment(command.environment()), command.cwd().toString(), pty.slaveName(),
                    inherited(command.inheritedFiles())));
            pidfd = Libc.pidfdOpen(pid);
            int wake = Libc.eventfd();
            PtyProcess p = new PtyProcess(pid, command.marker(), pty.master(), pidfd, wake, pty.slaveName(), listener);
            p.reader.start();
            return p;
        } catch (ErrnoException e) {
            closeQuietly(pty.master());
            if (pidfd >= 0) {
                closeQuietly(pidfd);
            }
            if (pid > 0) {
                killAndReap(pid);
            }
            throw spawnFailure(executable, e);
        } finally {
            closeQuietly(pty.slave()); // the child holds its own copy; ours would hide the end of output
        }
    }

    public int pid() {
        return pid;
    }

    /** The slave's path, e.g. {@code /dev/pts/4}. */
    public String terminalName() {
        return terminalName;
    }

    public Optional<ExitStatus> exitStatus() {
        return Optional.ofNullable(exit.getNow(null));
    }

    public boolean isAlive() {
        return !exit.isDone();
    }

    /** Empty when the program still runs after {@code timeout}. */
    public Optional<ExitStatus> waitFor(Duration timeout) throws InterruptedException {
        try {
            return Optional.of(exit.get(timeout.toNanos(), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * Delivers output the program already wrote but the kernel has not yet passed to the master side: pty writes
     * reach the reader through a deferred work item, which a read on the master completes synchronously. Runs the
     * read on the calling thread; must not be called while holding a lock the listener takes.
     */
    public void flushOutput() {
        try {
            drain();
        } catch (ErrnoException e) {
            // the reader thread meets the same failure and reports it
        }
    }

    /** True once no process holds the terminal open any more (all output has been delivered). */
    public boolean outputEnded() {
        return outputEnded;
    }

    /**
     * Sends bytes as if typed. Waits while the terminal's input queue is full, up to {@code timeout}.
     *
     * @throws TerminalGoneException  the terminal is closed or no process holds it open
     * @throws InputTimeoutException  the program did not read its input in time
     */
    public void write(byte[] data, Duration timeout) throws PtyException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (writeLock) {
            ensureHeld();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment bytes = arena.allocate(Math.max(1, data.length));
                MemorySegment.copy(data, 0, bytes, ValueLayout.JAVA_BYTE, 0, data.length);
                long offset = 0;
                while (offset < data.length) {
                    long n = Libc.write(master, bytes.asSlice(offset, data.length - offset));
                    if (n > 0) {
                        offset += n;
                        continue;
                    }
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new InputTimeoutException("the program did not read its input within "
                                + timeout.toMillis() + " ms (" + offset + " of " + data.length + " bytes sent)", offset);
                    }
                    Libc.poll(List.of(PollFd.of(master, PollFd.POLLOUT)), (int) Math.max(1, left / 1_000_000));
                }
            } catch (ErrnoException e) {
                if (e.errno() == Errno.EIO) {
                    throw new TerminalGoneException("the terminal has no reader any more: " + e.getMessage());
                }
                throw new TerminalIoException("writing to the terminal failed: " + e.getMessage(), e);
            }
        }
    }

    /** Changes the size; the kernel delivers SIGWINCH to the terminal's foreground process group. */
    public void resize(int rows, int cols) throws PtyException {
        synchronized (writeLock) {
            ensureHeld();
            try {
                Libc.setWindowSize(master, Winsize.of(rows, cols));
            } catch (ErrnoException e) {
                throw new TerminalIoException("resizing the terminal failed: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Fails unless some process still holds the terminal. Linux accepts writes and window sizes for a pty nobody
     * holds any more; they would vanish silently.
     *
     * @throws TerminalGoneException the terminal is closed, or the program ended and no process holds it
     */
    public void ensureHeld() throws PtyException {
        ensureOpen();
        if (outputEnded && !isAlive()) {
            throw new TerminalGoneException("the program ended (" + exit.join() + ") and no process holds the terminal");
        }
    }

    /**
     * Whether the program reads in canonical (line) mode, as set on the slave (the master reports the slave's
     * termios): input then reaches it only line by line, however it was written.
     */
    public boolean lineMode() throws PtyException {
        synchronized (writeLock) {
            ensureOpen();
            try {
                return (Libc.getTermios(master).lflag() & Termios.ICANON) != 0;
            } catch (ErrnoException e) {
                throw new TerminalIoException("reading the terminal mode failed: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Bytes written to the program that it has not read yet: the slave's input queue ({@link TerminalQueue}). Input on
     * its way from the master to that queue (the kernel's flip buffer) is not counted.
     */
    public int unreadInput() throws PtyException {
        synchronized (writeLock) {
            ensureOpen();
            try {
                return TerminalQueue.unread(terminalName);
            } catch (ErrnoException e) {
                throw new TerminalIoException("reading the input queue of " + terminalName + " failed: "
                        + e.getMessage(), e);
            }
        }
    }

    /** The size the kernel holds for this terminal (what the program sees). */
    public Winsize windowSize() throws PtyException {
        synchronized (writeLock) {
            ensureOpen();
            try {
                return Libc.getWindowSize(master);
            } catch (ErrnoException e) {
                throw new TerminalIoException("reading the terminal size failed: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Ends the program and every process of its tree, including those carrying its marker ({@link TreeTerminator}):
     * {@code signal} first, SIGKILL for whatever is left after {@code grace}. Returns once the program itself has
     * been reaped (its exit status stays the one it really had).
     */
    public TerminationReport terminate(Signal signal, Duration grace) throws PtyException {
        try {
            TerminationReport report = TreeTerminator.terminate(table -> ProcessTree.members(pid, marker, table),
                    signal, grace);
            exit.get(5, TimeUnit.SECONDS);
            return report;
        } catch (ErrnoException e) {
            throw new TerminalIoException("terminating the process tree failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TerminalIoException("interrupted while terminating the process tree", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new TerminalIoException("the program did not end after SIGKILL", e);
        }
    }

    /** Terminates the tree if anything of it still runs, stops the reader and releases every descriptor. */
    @Override
    public void close() {
        synchronized (writeLock) {
            if (released) {
                return;
            }
            released = true;
        }
        try {
            if (isAlive() || !ProcessTree.members(pid, marker, ProcessTree.scan()).isEmpty()) {
                terminate(Signal.HUP, CLOSE_GRACE);
            }
        } catch (PtyException e) {
            killAndReap(pid);
        }
        closing = true;
        try {
            Libc.eventfdSignal(wake);
            reader.join(Duration.ofSeconds(5));
        } catch (ErrnoException e) {
            // the reader cannot be woken: it ends with the process's output anyway
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!exit.isDone()) {
            killAndReap(pid);
        }
        synchronized (readLock) {
            closeQuietly(master);
            readArena.close();
        }
        closeQuietly(pidfd);
        closeQuietly(wake);
    }

    private void ensureOpen() throws TerminalGoneException {
        if (released) {
            throw new TerminalGoneException("the terminal of process " + pid + " is closed");
        }
    }

    private void readLoop() {
        try {
            while (!closing && !(outputEnded && exit.isDone())) {
                List<PollFd> fds = new ArrayList<>(3);
                fds.add(PollFd.of(wake, PollFd.POLLIN));
                if (!outputEnded) {
                    fds.add(PollFd.of(master, PollFd.POLLIN));
                }
                if (!exit.isDone()) {
                    fds.add(PollFd.of(pidfd, PollFd.POLLIN));
                }
                for (PollFd f : Libc.poll(fds, -1)) {
                    if (f.revents() == 0) {
                        continue;
                    }
                    if (f.fd() == wake) {
                        continue;
                    }
                    if (f.fd() == master) {
                        drain();
                    } else if (f.fd() == pidfd) {
                        reap();
                    }
                }
            }
        } catch (ErrnoException | RuntimeException e) {
            System.getLogger("uictl.pty").log(System.Logger.Level.WARNING, "pty reader of " + pid + " failed", e);
            outputEnded = true;
            listener.endOfOutput();
        }
    }

    /** Reads until the master has nothing more right now; notices the end of output (EIO once no slave is open). */
    private void drain() throws ErrnoException {
        synchronized (readLock) {
            drainLocked();
        }
    }

    private void drainLocked() throws ErrnoException {
        while (!outputEnded && !released) {
            int n;
            try {
                n = Libc.read(master, readBuffer, readCallState);
            } catch (ErrnoException e) {
                if (e.errno() != Errno.EIO) {
                    throw e;
                }
                n = 0;
            }
            if (n < 0) {
                return;
            }
            if (n == 0) {
                outputEnded = true;
                listener.endOfOutput();
                return;
            }
            listener.output(readBuffer.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE));
        }
    }

    private void reap() throws ErrnoException {
        int status = Libc.waitpidNoHang(pid);
        if (status == -1) {
            return;
        }
        // Output written before the exit may still sit in the tty's flip buffer; a read flushes it.
        drain();
        ExitStatus s = ExitStatus.fromWaitStatus(status);
        exit.complete(s);
        listener.exited(s);
    }

    private static List<String> environment(Map<String, String> env) {
        return env.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    private static Map<Integer, String> inherited(Map<Integer, Path> files) {
        Map<Integer, String> out = new java.util.TreeMap<>();
        files.forEach((fd, path) -> out.put(fd, path.toString()));
        return out;
    }

    private static SpawnException spawnFailure(Path executable, ErrnoException e) {
        SpawnException.Reason reason = switch (e.errno()) {
            case Errno.ENOENT -> SpawnException.Reason.EXECUTABLE_NOT_FOUND;
            case Errno.EACCES, Errno.ENOEXEC -> SpawnException.Reason.NOT_EXECUTABLE;
            default -> SpawnException.Reason.SYSTEM;
        };
        return new SpawnException(reason, executable.toString(), "cannot start " + executable + ": " + e.getMessage(), e);
    }

    private static void killAndReap(int pid) {
        try {
            Libc.kill(pid, Signal.KILL.number());
            Libc.waitpid(pid);
        } catch (ErrnoException ignored) {
            // already reaped
        }
    }

    private static void closeQuietly(int fd) {
        try {
            Libc.close(fd);
        } catch (ErrnoException ignored) {
            // released either way
        }
    }
}
