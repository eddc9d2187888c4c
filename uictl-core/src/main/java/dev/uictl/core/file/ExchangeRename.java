package dev.uictl.core.file;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.Charset;
import java.nio.file.Path;

/**
 * Swaps two files atomically with Linux's {@code renameat2(RENAME_EXCHANGE)}. {@link ArtifactFile} replaces an
 * existing file this way and then unlinks the old one under the temporary name: a plain rename over an existing
 * file makes ext4 (mount option auto_da_alloc, the default) write the new file's data out first. Replacing a
 * 300 KB file took 0.27-0.33 ms with rename(2) and 0.03 ms with the exchange and the unlink (C, on this ext4).
 */
@SuppressWarnings("restricted")
final class ExchangeRename {
    private static final int AT_FDCWD = -100;
    private static final int RENAME_EXCHANGE = 1 << 1;
    private static final int ENOENT = 2;
    private static final int EINVAL = 22;
    private static final int ENOSYS = 38;
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    /** The encoding the JDK gives file names (what a Path's string becomes in a system call). */
    private static final Charset FILE_NAMES = Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
    /** Null when the C library has no renameat2 (glibc before 2.28). */
    private static final MethodHandle RENAMEAT2 = Linker.nativeLinker().defaultLookup().find("renameat2")
            .map(f -> Linker.nativeLinker().downcallHandle(f, FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS,
                    JAVA_INT, ADDRESS, JAVA_INT), Linker.Option.captureCallState("errno")))
            .orElse(null);

    private ExchangeRename() {
    }

    /**
     * Swaps the files at {@code a} and {@code b}: afterwards each name holds what the other did. False, with nothing
     * changed, when the system cannot (no renameat2; a kernel or filesystem without the exchange) or a path does
     * not exist; the caller then renames the plain way.
     *
     * @throws IOException for any other failure (permissions, a path on another filesystem, …)
     */
    static boolean exchange(Path a, Path b) throws IOException {
        if (RENAMEAT2 == null) {
            return false;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CALL_STATE);
            int result;
            try {
                result = (int) RENAMEAT2.invokeExact(state, AT_FDCWD, name(arena, a), AT_FDCWD, name(arena, b),
                        RENAME_EXCHANGE);
            } catch (Throwable t) {
                throw new IllegalStateException("renameat2 failed to run", t);
            }
            if (result == 0) {
                return true;
            }
            int errno = (int) ERRNO.get(state, 0L);
            if (errno == ENOENT || errno == EINVAL || errno == ENOSYS) {
                return false;
            }
            throw new IOException("renameat2(" + a + ", " + b + ", RENAME_EXCHANGE) failed: errno " + errno);
        }
    }

    private static MemorySegment name(Arena arena, Path path) {
        return arena.allocateFrom(path.toString(), FILE_NAMES);
    }
}
