package dev.uictl.engine.desktop.capture.codec;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.uictl.engine.desktop.capture.RgbImage;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.ByteOrder;

/**
 * JPEG through libjpeg-turbo's TurboJPEG 2 API ({@code libturbojpeg.so.0}; Debian 12 ships 2.1.5, which has no
 * {@code tj3*} functions). The pixel ints are handed over in place: {@code 0x??RRGGBB} in a little-endian int is the
 * byte order TurboJPEG calls BGRX, so the X image is compressed without a conversion or a copy. Chroma is 4:2:0.
 */
final class TurboJpeg implements ImageEncoder {
    static final String LIBRARY = "libturbojpeg.so.0";
    private static final int TJSAMP_420 = 2;
    private static final int TJPF_BGRX = 3;
    private static final int TJPF_XRGB = 5;
    private static final int PIXEL_FORMAT = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? TJPF_BGRX : TJPF_XRGB;

    private final MethodHandle initCompress;
    private final MethodHandle compress2;
    private final MethodHandle free;
    private final MethodHandle destroy;
    private final MethodHandle errorString;
    private final HandlePool compressors;

    private TurboJpeg(NativeLibrary lib) throws NativeLibrary.UnavailableException {
        initCompress = lib.function("tjInitCompress", FunctionDescriptor.of(ADDRESS));
        // int tjCompress2(handle, srcBuf, width, pitch, height, pixelFormat, **jpegBuf, *jpegSize, subsamp, qual, flags)
        compress2 = lib.heapAccessFunction("tjCompress2", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT,
                JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));
        free = lib.function("tjFree", FunctionDescriptor.ofVoid(ADDRESS));
        destroy = lib.function("tjDestroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        errorString = lib.function("tjGetErrorStr2", FunctionDescriptor.of(ADDRESS, ADDRESS));
        compressors = new HandlePool(this::newCompressor, this::destroyCompressor,
                Runtime.getRuntime().availableProcessors());
    }

    static TurboJpeg load(String soname) throws NativeLibrary.UnavailableException {
        return new TurboJpeg(NativeLibrary.open(soname));
    }

    @Override
    public String name() {
        return "libjpeg-turbo (" + LIBRARY + ", TurboJPEG API, 4:2:0)";
    }

    @Override
    public byte[] encode(RgbImage image, int quality) {
        ImageEncoder.checkQuality(quality);
        MemorySegment handle = compressors.borrow();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment jpegBuffer = arena.allocate(ADDRESS); // NULL: TurboJPEG allocates the output
            MemorySegment jpegSize = arena.allocate(JAVA_LONG);
            int status = NativeLibrary.invoke(() -> (int) compress2.invokeExact(handle,
                    MemorySegment.ofArray(image.pixels()), image.width(), image.width() * 4, image.height(),
                    PIXEL_FORMAT, jpegBuffer, jpegSize, TJSAMP_420, quality, 0));
            MemorySegment output = jpegBuffer.get(ADDRESS, 0);
            try {
                if (status != 0) {
                    throw new IllegalStateException("tjCompress2 failed: " + error(handle));
                }
                return output.reinterpret(jpegSize.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
            } finally {
                if (!output.equals(MemorySegment.NULL)) {
                    NativeLibrary.invoke(() -> {
                        free.invokeExact(output);
                        return null;
                    });
                }
            }
        } finally {
            compressors.giveBack(handle);
        }
    }

    private String error(MemorySegment handle) {
        MemorySegment message = NativeLibrary.invoke(() -> (MemorySegment) errorString.invokeExact(handle));
        return message.equals(MemorySegment.NULL) ? "unknown error" : message.reinterpret(1024).getString(0);
    }

    private MemorySegment newCompressor() {
        MemorySegment handle = NativeLibrary.invoke(() -> (MemorySegment) initCompress.invokeExact());
        if (handle.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("tjInitCompress failed");
        }
        return handle;
    }

    private void destroyCompressor(MemorySegment handle) {
        NativeLibrary.invoke(() -> (int) destroy.invokeExact(handle));
    }
}
