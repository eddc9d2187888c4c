package dev.uictl.pty.libc;

import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.invoke.VarHandle;

/** {@code struct winsize}: the terminal size the kernel reports to the program (TIOCGWINSZ) and signals (SIGWINCH). */
public record Winsize(int rows, int cols, int xpixel, int ypixel) {
    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_SHORT.withName("ws_row"), JAVA_SHORT.withName("ws_col"),
            JAVA_SHORT.withName("ws_xpixel"), JAVA_SHORT.withName("ws_ypixel"));
    private static final VarHandle ROW = field("ws_row");
    private static final VarHandle COL = field("ws_col");
    private static final VarHandle XPIXEL = field("ws_xpixel");
    private static final VarHandle YPIXEL = field("ws_ypixel");

    public Winsize {
        if (rows < 1 || cols < 1 || rows > 0xffff || cols > 0xffff) {
            throw new IllegalArgumentException("terminal size must be 1..65535 in each dimension: " + rows + "x" + cols);
        }
    }

    public static Winsize of(int rows, int cols) {
        return new Winsize(rows, cols, 0, 0);
    }

    MemorySegment toSegment(SegmentAllocator allocator) {
        MemorySegment s = allocator.allocate(LAYOUT);
        ROW.set(s, 0L, (short) rows);
        COL.set(s, 0L, (short) cols);
        XPIXEL.set(s, 0L, (short) xpixel);
        YPIXEL.set(s, 0L, (short) ypixel);
        return s;
    }

    static Winsize from(MemorySegment s) {
        return new Winsize(Short.toUnsignedInt((short) ROW.get(s, 0L)), Short.toUnsignedInt((short) COL.get(s, 0L)),
                Short.toUnsignedInt((short) XPIXEL.get(s, 0L)), Short.toUnsignedInt((short) YPIXEL.get(s, 0L)));
    }

    private static VarHandle field(String name) {
        return LAYOUT.varHandle(MemoryLayout.PathElement.groupElement(name));
    }
}
