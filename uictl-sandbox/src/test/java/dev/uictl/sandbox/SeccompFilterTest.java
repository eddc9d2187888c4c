package dev.uictl.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class SeccompFilterTest {
    /** Runs the program the way the kernel does, on a fake seccomp_data, and returns its verdict. */
    private static int run(byte[] prog, int arch, int nr, long arg0, long arg1) {
        ByteBuffer data = ByteBuffer.allocate(64).order(ByteOrder.nativeOrder());
        data.putInt(0, nr).putInt(4, arch).putLong(16, arg0).putLong(24, arg1);
        ByteBuffer p = ByteBuffer.wrap(prog).order(ByteOrder.nativeOrder());
        int acc = 0;
        int pc = 0;
        while (true) {
            int code = Short.toUnsignedInt(p.getShort(pc * 8));
            int jt = Byte.toUnsignedInt(p.get(pc * 8 + 2));
            int jf = Byte.toUnsignedInt(p.get(pc * 8 + 3));
            int k = p.getInt(pc * 8 + 4);
            switch (code) {
                case 0x20 -> { acc = data.getInt(k); pc++; }
                case 0x15 -> pc += 1 + (acc == k ? jt : jf);
                case 0x35 -> pc += 1 + (Integer.compareUnsigned(acc, k) >= 0 ? jt : jf);
                case 0x06 -> { return k; }
                default -> throw new AssertionError("unexpected opcode " + code);
            }
        }
    }

    @Test
    void refusesInetSocketsAndInjectionButAllowsUnixSockets() {
        SeccompFilter.Arch a = SeccompFilter.Arch.X86_64;
        byte[] prog = SeccompFilter.networkDenyProgram(a);
        int allow = 0x7fff0000;
        assertThat(run(prog, a.auditArch(), a.socket(), 1, 1)).isEqualTo(allow);            // AF_UNIX
        assertThat(run(prog, a.auditArch(), a.socket(), 2, 1)).isEqualTo(0x50000 | 97);     // AF_INET
        assertThat(run(prog, a.auditArch(), a.socket(), 10, 1)).isEqualTo(0x50000 | 97);    // AF_INET6
        assertThat(run(prog, a.auditArch(), a.socket(), 16, 1)).isEqualTo(0x50000 | 97);    // AF_NETLINK
        assertThat(run(prog, a.auditArch(), a.ioctl(), 0, 0x5412)).isEqualTo(0x50000 | 1);  // TIOCSTI
        assertThat(run(prog, a.auditArch(), a.ioctl(), 0, 0x5401)).isEqualTo(allow);        // TCGETS
        assertThat(run(prog, a.auditArch(), a.ioUringSetup(), 0, 0)).isEqualTo(0x50000 | 38);
        assertThat(run(prog, a.auditArch(), 0x40000000 | 41, 2, 0)).isEqualTo(0x50000 | 38); // x32
        assertThat(run(prog, 0x40000003, 102, 2, 0)).isEqualTo(0x50000 | 38);               // i386 socketcall
        assertThat(run(prog, a.auditArch(), 0, 0, 0)).isEqualTo(allow);                     // read
    }
}
