package dev.uictl.app.daemon;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * glibc's malloc_trim(0): returns the free pages of every malloc arena to the system. The JVM's own allocations
 * (compiler arenas, thread-local buffers of the native code uictl calls) are freed back to malloc, which keeps them
 * mapped; after a burst that is most of the native growth. Absent on a libc without it: then nothing is trimmed.
 */
final class NativeHeap {
    private static final Optional<MethodHandle> MALLOC_TRIM = Linker.nativeLinker().defaultLookup()
            .find("malloc_trim")
            .map(address -> Linker.nativeLinker().downcallHandle(address, FunctionDescriptor.of(JAVA_INT, JAVA_LONG)));

    private NativeHeap() {
    }

    static void trim() {
        MALLOC_TRIM.ifPresent(handle -> {
            try {
                int ignored = (int) handle.invokeExact(0L);
            } catch (Throwable e) {
                System.getLogger("uictl.daemon").log(System.Logger.Level.DEBUG, "malloc_trim failed: " + e);
            }
        });
    }
}
