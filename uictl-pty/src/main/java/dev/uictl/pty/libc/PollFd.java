package dev.uictl.pty.libc;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.VarHandle;

/** {@code struct pollfd}: what to wait for on one descriptor and, after {@link Libc#poll}, what happened. */
public record PollFd(int fd, short events, short revents) {
    public static final short POLLIN = 0x001;
    public static final short POLLOUT = 0x004;

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("fd"), JAVA_SHORT.withName("events"), JAVA_SHORT.withName("revents"));
    private static final VarHandle FD = LAYOUT.arrayElementVarHandle(MemoryLayout.PathElement.groupElement("fd"));
    private static final VarHandle EVENTS = LAYOUT.arrayElementVarHandle(MemoryLayout.PathElement.groupElement("events"));
    private static final VarHandle REVENTS = LAYOUT.arrayElementVarHandle(MemoryLayout.PathElement.groupElement("revents"));

    public static PollFd of(int fd, short events) {
        return new PollFd(fd, events, (short) 0);
    }

    void write(MemorySegment array, long index) {
        FD.set(array, 0L, index, fd);
        EVENTS.set(array, 0L, index, events);
        REVENTS.set(array, 0L, index, (short) 0);
    }

    PollFd withRevents(MemorySegment array, long index) {
        return new PollFd(fd, events, (short) REVENTS.get(array, 0L, index));
    }
}
