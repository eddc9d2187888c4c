package dev.uictl.sandbox;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The Landlock ABI this kernel offers, asked of the kernel itself ({@code landlock_create_ruleset} with the version
 * flag): /sys/kernel/security is often not mounted, so the LSM list cannot be read. 0 when Landlock is absent or
 * disabled.
 */
public final class Landlock {
    /** landlock_create_ruleset is 444 on every architecture (it came after the syscall tables were unified). */
    private static final long SYS_LANDLOCK_CREATE_RULESET = 444;
    private static final int LANDLOCK_CREATE_RULESET_VERSION = 1;
    /** Execution restriction exists since ABI 1; that is what the exec allowlist needs. */
    public static final int REQUIRED_ABI = 1;

    private static volatile Integer abi;

    private Landlock() {
    }

    public static int abi() {
        Integer known = abi;
        if (known == null) {
            known = probe();
            abi = known;
        }
        return known;
    }

    private static int probe() {
        try {
            Linker linker = Linker.nativeLinker();
            MethodHandle syscall = linker.downcallHandle(linker.defaultLookup().find("syscall").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS,
                            ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT), Linker.Option.firstVariadicArg(1));
            long r = (long) syscall.invokeExact(SYS_LANDLOCK_CREATE_RULESET, MemorySegment.NULL, 0L,
                    LANDLOCK_CREATE_RULESET_VERSION);
            return r > 0 ? (int) r : 0;
        } catch (Throwable t) {
            return 0;
        }
    }
}
