package dev.uictl.pty.libc;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.invoke.VarHandle;

/** Linux glibc {@code struct termios} (60 bytes); only the flag words are surfaced, the rest is carried through. */
public record Termios(int iflag, int oflag, int cflag, int lflag, byte[] rest) {
    /** Input is UTF-8: canonical-mode erase removes whole characters. The kernel's default pty termios lacks it. */
    public static final int IUTF8 = 0x4000;
    /** c_lflag: canonical input, the reader gets whole lines. */
    public static final int ICANON = 0x2;

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("c_iflag"), JAVA_INT.withName("c_oflag"), JAVA_INT.withName("c_cflag"),
            JAVA_INT.withName("c_lflag"), MemoryLayout.sequenceLayout(44, JAVA_BYTE).withName("rest"));
    private static final VarHandle IFLAG = field("c_iflag");
    private static final VarHandle OFLAG = field("c_oflag");
    private static final VarHandle CFLAG = field("c_cflag");
    private static final VarHandle LFLAG = field("c_lflag");
    private static final long REST_OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("rest"));

    public Termios withIflag(int newIflag) {
        return new Termios(newIflag, oflag, cflag, lflag, rest);
    }

    MemorySegment toSegment(SegmentAllocator allocator) {
        MemorySegment s = allocator.allocate(LAYOUT);
        IFLAG.set(s, 0L, iflag);
        OFLAG.set(s, 0L, oflag);
        CFLAG.set(s, 0L, cflag);
        LFLAG.set(s, 0L, lflag);
        MemorySegment.copy(rest, 0, s, JAVA_BYTE, REST_OFFSET, rest.length);
        return s;
    }

    static Termios from(MemorySegment s) {
        return new Termios((int) IFLAG.get(s, 0L), (int) OFLAG.get(s, 0L), (int) CFLAG.get(s, 0L),
                (int) LFLAG.get(s, 0L), s.asSlice(REST_OFFSET, 44).toArray(JAVA_BYTE));
    }

    private static VarHandle field(String name) {
        return LAYOUT.varHandle(MemoryLayout.PathElement.groupElement(name));
    }
}
