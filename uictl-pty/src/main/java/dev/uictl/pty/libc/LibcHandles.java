package dev.uictl.pty.libc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.Optional;

/**
 * Raw downcall handles into glibc (2.34+: openpty and the spawn extensions live in libc itself). Calls that report
 * failure through errno take a leading capture-state segment ({@link #newCallState}); the posix_spawn family
 * returns its error number instead. A symbol missing at run time does not fail class initialisation: its handle
 * throws {@link UnsatisfiedLinkError} when first called.
 */
final class LibcHandles {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final Linker.Option ERRNO = Linker.Option.captureCallState("errno");
    static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO_VALUE = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    // errno-reporting calls: the first argument is the capture-state segment
    static final MethodHandle OPENPTY = errno("openpty", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle READ = errno("read", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle WRITE = errno("write", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle CLOSE = errno("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    static final MethodHandle POLL = errno("poll", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    static final MethodHandle FCNTL_INT = errno("fcntl", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT),
            Linker.Option.firstVariadicArg(2));
    static final MethodHandle IOCTL_PTR = errno("ioctl", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS),
            Linker.Option.firstVariadicArg(2));
    static final MethodHandle OPEN = errno("open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
            Linker.Option.firstVariadicArg(2));
    static final MethodHandle TCGETATTR = errno("tcgetattr", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
    static final MethodHandle TCSETATTR = errno("tcsetattr", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS));
    static final MethodHandle WAITPID = errno("waitpid", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle KILL = errno("kill", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    static final MethodHandle PIDFD_OPEN = errno("pidfd_open", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    static final MethodHandle PIDFD_SEND_SIGNAL = errno("pidfd_send_signal",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle EVENTFD = errno("eventfd", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));

    // error-number-returning calls (posix_spawn family) and calls that cannot fail
    static final MethodHandle POSIX_SPAWN = plain("posix_spawn",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle FILE_ACTIONS_INIT = plain("posix_spawn_file_actions_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle FILE_ACTIONS_DESTROY = plain("posix_spawn_file_actions_destroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle FILE_ACTIONS_ADDOPEN = plain("posix_spawn_file_actions_addopen",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    static final MethodHandle FILE_ACTIONS_ADDDUP2 = plain("posix_spawn_file_actions_adddup2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    static final MethodHandle FILE_ACTIONS_ADDCLOSEFROM = plain("posix_spawn_file_actions_addclosefrom_np",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle FILE_ACTIONS_ADDCHDIR = plain("posix_spawn_file_actions_addchdir_np",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle SPAWNATTR_INIT = plain("posix_spawnattr_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle SPAWNATTR_DESTROY = plain("posix_spawnattr_destroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle SPAWNATTR_SETFLAGS = plain("posix_spawnattr_setflags", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_SHORT));
    static final MethodHandle SPAWNATTR_SETSIGMASK = plain("posix_spawnattr_setsigmask", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle SPAWNATTR_SETSIGDEFAULT = plain("posix_spawnattr_setsigdefault",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle SIGEMPTYSET = plain("sigemptyset", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle SIGFILLSET = plain("sigfillset", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle STRERRORNAME_NP = plain("strerrorname_np", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    static final MethodHandle STRERROR = plain("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));

    /** glibc's opaque spawn structures (x86_64 and aarch64: 336 and 80 bytes), with headroom. */
    static final long SPAWNATTR_SIZE = 512;
    static final long FILE_ACTIONS_SIZE = 128;
    static final long SIGSET_SIZE = 128;

    private LibcHandles() {
    }

    static int errno(MemorySegment callState) {
        return (int) ERRNO_VALUE.get(callState, 0L);
    }

    private static MethodHandle errno(String name, FunctionDescriptor descriptor, Linker.Option... extra) {
        Linker.Option[] options = new Linker.Option[extra.length + 1];
        options[0] = ERRNO;
        System.arraycopy(extra, 0, options, 1, extra.length);
        return downcall(name, descriptor, options);
    }

    private static MethodHandle plain(String name, FunctionDescriptor descriptor) {
        return downcall(name, descriptor);
    }

    private static MethodHandle downcall(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        Optional<MemorySegment> symbol = LIBC.find(name);
        if (symbol.isPresent()) {
            return LINKER.downcallHandle(symbol.get(), descriptor, options);
        }
        // Keep the failure for the first call (jline CLibrary's deferred LinkageError), so loading never fails.
        MethodType type = LINKER.downcallHandle(descriptor, options).type().dropParameterTypes(0, 1);
        MethodHandle thrower = MethodHandles.throwException(type.returnType(), UnsatisfiedLinkError.class)
                .bindTo(new UnsatisfiedLinkError("libc has no " + name + " (glibc 2.36 or newer is required)"));
        return MethodHandles.dropArguments(thrower, 0, type.parameterList());
    }
}
