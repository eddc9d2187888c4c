package dev.uictl.sandbox;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The classic-BPF seccomp program bwrap loads with {@code --seccomp FD} when the network is disabled: defence in
 * depth behind the network namespace. It refuses sockets of every family but AF_UNIX (EAFNOSUPPORT), io_uring
 * (whose IORING_OP_SOCKET would bypass a socket() filter), the terminal-injection ioctls TIOCSTI and TIOCLINUX,
 * system calls of a foreign ABI (i386 via int 0x80, x32), and lets everything else through.
 */
public final class SeccompFilter {
    private static final int LD_W_ABS = 0x20;
    private static final int JEQ_K = 0x15;
    private static final int JGE_K = 0x35;
    private static final int RET_K = 0x06;
    private static final int RET_ALLOW = 0x7fff0000;
    private static final int RET_ERRNO = 0x00050000;
    private static final int EPERM = 1;
    private static final int EAFNOSUPPORT = 97;
    private static final int ENOSYS = 38;
    private static final int AF_UNIX = 1;
    private static final int TIOCSTI = 0x5412;
    private static final int TIOCLINUX = 0x541C;
    private static final int X32_BIT = 0x40000000;

    /** System call numbers and the audit architecture of one ABI. */
    public record Arch(String name, int auditArch, int socket, int ioctl, int ioUringSetup, boolean hasX32) {
        public static final Arch X86_64 = new Arch("x86_64", 0xC000003E, 41, 16, 425, true);
        public static final Arch AARCH64 = new Arch("aarch64", 0xC00000B7, 198, 29, 425, false);

        /** The ABI of this JVM, or null when this filter does not know it. */
        public static Arch current() {
            return switch (System.getProperty("os.arch")) {
                case "amd64", "x86_64" -> X86_64;
                case "aarch64", "arm64" -> AARCH64;
                default -> null;
            };
        }
    }

    private SeccompFilter() {
    }

    /** The program as bwrap reads it: an array of {@code struct sock_filter} in native byte order. */
    public static byte[] networkDenyProgram(Arch arch) {
        Asm a = new Asm();
        a.ld(4);
        a.jeq(arch.auditArch(), "native", "foreign");
        a.label("foreign").ret(RET_ERRNO | ENOSYS);
        a.label("native").ld(0);
        if (arch.hasX32()) {
            a.jge(X32_BIT, "foreign2", "nr");
            a.label("foreign2").ret(RET_ERRNO | ENOSYS);
        }
        a.label("nr").jeq(arch.socket(), "socket", "not_socket");
        a.label("socket").ld(16);
        a.jeq(AF_UNIX, "allow", "no_family");
        a.label("no_family").ret(RET_ERRNO | EAFNOSUPPORT);
        a.label("not_socket").jeq(arch.ioUringSetup(), "no_sys", "not_uring");
        a.label("no_sys").ret(RET_ERRNO | ENOSYS);
        a.label("not_uring").jeq(arch.ioctl(), "ioctl", "allow");
        a.label("ioctl").ld(24);
        a.jeq(TIOCSTI, "eperm", "not_sti");
        a.label("not_sti").jeq(TIOCLINUX, "eperm", "allow");
        a.label("eperm").ret(RET_ERRNO | EPERM);
        a.label("allow").ret(RET_ALLOW);
        return a.assemble();
    }

    /** A tiny assembler: forward jumps by label, resolved to BPF's 8-bit relative offsets. */
    private static final class Asm {
        private record Insn(int code, String jt, String jf, int k) {
        }

        private final List<Insn> code = new ArrayList<>();
        private final Map<String, Integer> labels = new HashMap<>();

        Asm label(String name) {
            labels.put(name, code.size());
            return this;
        }

        void ld(int offset) {
            code.add(new Insn(LD_W_ABS, null, null, offset));
        }

        void jeq(int k, String jt, String jf) {
            code.add(new Insn(JEQ_K, jt, jf, k));
        }

        void jge(int k, String jt, String jf) {
            code.add(new Insn(JGE_K, jt, jf, k));
        }

        void ret(int k) {
            code.add(new Insn(RET_K, null, null, k));
        }

        byte[] assemble() {
            ByteBuffer out = ByteBuffer.allocate(code.size() * 8).order(ByteOrder.nativeOrder());
            for (int i = 0; i < code.size(); i++) {
                Insn in = code.get(i);
                out.putShort((short) in.code()).put(offset(i, in.jt())).put(offset(i, in.jf())).putInt(in.k());
            }
            return out.array();
        }

        private byte offset(int at, String label) {
            if (label == null) {
                return 0;
            }
            int rel = labels.get(label) - at - 1;
            if (rel < 0 || rel > 255) {
                throw new IllegalStateException("jump to " + label + " out of range: " + rel);
            }
            return (byte) rel;
        }
    }
}
