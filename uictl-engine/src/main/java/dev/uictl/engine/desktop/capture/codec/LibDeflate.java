package dev.uictl.engine.desktop.capture.codec;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Objects;
import java.util.zip.Checksum;

/**
 * Raw deflate compression of a whole buffer in one call through libdeflate ({@code libdeflate.so.0}; Debian 12
 * ships 1.14). libdeflate has no streaming interface: the input is complete, the output sized by its bound and
 * ended by a final block; both stay Java arrays handed over in place.
 */
final class LibDeflate {
    static final String LIBRARY = "libdeflate.so.0";

    private final MethodHandle compress;
    private final MethodHandle bound;
    private final MethodHandle adler32;
    private final HandlePool compressors;
    private final int level;

    private LibDeflate(NativeLibrary lib, int level) throws NativeLibrary.UnavailableException {
        this.level = level;
        MethodHandle alloc = lib.function("libdeflate_alloc_compressor", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        MethodHandle free = lib.function("libdeflate_free_compressor", FunctionDescriptor.ofVoid(ADDRESS));
        // size_t libdeflate_deflate_compress(compressor, const void *in, size_t in_nbytes, void *out, size_t out_avail)
        compress = lib.heapAccessFunction("libdeflate_deflate_compress", FunctionDescriptor.of(JAVA_LONG, ADDRESS,
                ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
        // uint32_t libdeflate_adler32(uint32_t adler, const void *buffer, size_t len)
        adler32 = lib.heapAccessFunction("libdeflate_adler32", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS,
                JAVA_LONG));
        bound = lib.function("libdeflate_deflate_compress_bound", FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG));
        compressors = new HandlePool(() -> allocate(alloc, level), handle -> release(free, handle),
                Runtime.getRuntime().availableProcessors());
    }

    /** @param level 1 (fastest) to 12 (smallest) */
    static LibDeflate load(String soname, int level) throws NativeLibrary.UnavailableException {
        return new LibDeflate(NativeLibrary.open(soname), level);
    }

    int level() {
        return level;
    }

    /**
     * Compresses {@code in[0, length)} into {@code out} from {@code offset}, which needs room for
     * {@link #bound(int)} bytes; returns the compressed length.
     */
    int compress(byte[] in, int length, byte[] out, int offset) {
        MemorySegment handle = compressors.borrow();
        try {
            long written = NativeLibrary.invoke(() -> (long) compress.invokeExact(handle, MemorySegment.ofArray(in),
                    (long) length, MemorySegment.ofArray(out).asSlice(offset), (long) (out.length - offset)));
            if (written == 0) {
                throw new IllegalStateException("libdeflate_deflate_compress: output buffer too small");
            }
            return (int) written;
        } finally {
            compressors.giveBack(handle);
        }
    }

    /** The most bytes {@link #compress} can write for {@code length} input bytes. */
    long bound(int length) {
        MemorySegment handle = compressors.borrow();
        try {
            return NativeLibrary.invoke(() -> (long) bound.invokeExact(handle, (long) length));
        } finally {
            compressors.giveBack(handle);
        }
    }

    /** A running Adler-32 (starting at 1) computed by libdeflate. */
    Checksum adler32() {
        return new Checksum() {
            private int value = 1;

            @Override
            public void update(int b) {
                update(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void update(byte[] b, int off, int len) {
                Objects.checkFromIndexSize(off, len, b.length);
                value = NativeLibrary.invoke(() -> (int) adler32.invokeExact(value, MemorySegment.ofArray(b)
                        .asSlice(off), (long) len));
            }

            @Override
            public long getValue() {
                return Integer.toUnsignedLong(value);
            }

            @Override
            public void reset() {
                value = 1;
            }
        };
    }

    private static MemorySegment allocate(MethodHandle alloc, int level) {
        MemorySegment handle = NativeLibrary.invoke(() -> (MemorySegment) alloc.invokeExact(level));
        if (handle.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("libdeflate_alloc_compressor(" + level + ") failed");
        }
        return handle;
    }

    private static void release(MethodHandle free, MemorySegment handle) {
        NativeLibrary.invoke(() -> {
            free.invokeExact(handle);
            return null;
        });
    }
}
