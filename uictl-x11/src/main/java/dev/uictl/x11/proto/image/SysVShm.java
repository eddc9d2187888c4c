package dev.uictl.x11.proto.image;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * System V shared memory through libc (FFM): the segments MIT-SHM shares with the X server. Handles are looked up
 * on first use; a libc without them fails then, not at class load. Needs native access for this module
 * ({@code --enable-native-access}), which the launcher grants.
 */
@SuppressWarnings("restricted")
final class SysVShm {
    private static final int IPC_PRIVATE = 0;
    private static final int IPC_CREAT = 01000;
    private static final int IPC_RMID = 0;
    private static final int OWNER_READ_WRITE = 0600;

    private static final class Handles {
        static final MethodHandle SHMGET = downcall("shmget", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
        static final MethodHandle SHMAT = downcall("shmat", FunctionDescriptor.of(ValueLayout.ADDRESS,
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        static final MethodHandle SHMDT = downcall("shmdt", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS));
        static final MethodHandle SHMCTL = downcall("shmctl", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));

        private static MethodHandle downcall(String name, FunctionDescriptor descriptor) {
            Linker linker = Linker.nativeLinker();
            return linker.downcallHandle(linker.defaultLookup().find(name)
                    .orElseThrow(() -> new UnsupportedOperationException("libc has no " + name)), descriptor);
        }
    }

    private SysVShm() {
    }

    /** A new private segment of {@code size} bytes (owner read/write); returns its id. */
    static int create(long size) {
        int id = (int) invoke(() -> (int) Handles.SHMGET.invokeExact(IPC_PRIVATE, size, IPC_CREAT | OWNER_READ_WRITE));
        if (id < 0) {
            throw new IllegalStateException("shmget of " + size + " bytes failed");
        }
        return id;
    }

    /** Maps segment {@code id} into this process, {@code size} bytes long. */
    static MemorySegment attach(int id, long size) {
        MemorySegment address = (MemorySegment) invoke(() -> (MemorySegment) Handles.SHMAT.invokeExact(id,
                MemorySegment.NULL, 0));
        if (address.address() == -1L) {
            throw new IllegalStateException("shmat of segment " + id + " failed");
        }
        return address.reinterpret(size);
    }

    static void detach(MemorySegment mapping) {
        invoke(() -> (int) Handles.SHMDT.invokeExact(mapping));
    }

    /** Marks the segment for removal once every process (the X server too) has detached it. */
    static void remove(int id) {
        invoke(() -> (int) Handles.SHMCTL.invokeExact(id, IPC_RMID, MemorySegment.NULL));
    }

    @FunctionalInterface
    private interface Call {
        Object call() throws Throwable;
    }

    private static Object invoke(Call call) {
        try {
            return call.call();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
