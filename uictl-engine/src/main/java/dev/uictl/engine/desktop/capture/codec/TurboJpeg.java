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
import java.util.List;

/**
 * JPEG through libjpeg-turbo's TurboJPEG 2 API ({@code libturbojpeg.so.0}; Debian 12 ships 2.1.5, which has no
 * {@code tj3*} functions). The pixel ints are handed over in place: {@code 0x??RRGGBB} in a little-endian int is the
 * byte order TurboJPEG calls BGRX, so the X image is compressed without a conversion or a copy, from the heap or
 * straight from the shared memory the X server wrote it to. Chroma is 4:2:0.
 * Large images are cut into horizontal bands compressed on all cores and joined into one JPEG by
 * {@link RestartSplice}: on a 1080p frame one tjCompress2 call took 4-7 ms of the screenshot's ~12.
 */
final class TurboJpeg implements ImageEncoder, InPlaceEncoder {
    static final String LIBRARY = "libturbojpeg.so.0";
    private static final int TJSAMP_420 = 2;
    private static final int TJPF_BGRX = 3;
    private static final int TJPF_XRGB = 5;
    private static final int PIXEL_FORMAT = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? TJPF_BGRX : TJPF_XRGB;
    /** 4:2:0 codes 16x16 pixels per MCU; bands but the last must be whole MCU rows. */
    private static final int MCU_SIZE = 16;
    private static final int MAX_RESTART_INTERVAL = 0xFFFF;
    /** Below this many pixels a second band costs more than it saves (as for PNG). */
    private static final int PIXELS_PER_BAND = 1 << 18;
    /** A 1080p frame is cut into 7 bands; 2 bands took 2.9-3.5 ms on two cores, 7-8 bands 2.6-2.9 ms. */
    private static final int MAX_BANDS = 8;

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
        return "libjpeg-turbo (" + LIBRARY + ", TurboJPEG API, 4:2:0, bands in parallel joined by restart markers)";
    }

    @Override
    public byte[] encode(RgbImage image, int quality) {
        return encode(MemorySegment.ofArray(image.pixels()), image.width(), image.height(), quality);
    }

    @Override
    public byte[] encode(MemorySegment pixels, int width, int height, int quality) {
        // more bands than cores: the workers share them out (ParallelBands), so a text-dense band does not leave a
        // core idle; on one core a band costs its JPEG set-up and restart marker for nothing
        int bands = Math.toIntExact(Math.clamp((long) width * height / PIXELS_PER_BAND, 1,
                Runtime.getRuntime().availableProcessors() > 1 ? MAX_BANDS : 1));
        return encodeInBands(pixels, width, height, quality, bands);
    }

    /** {@link #encodeInBands(MemorySegment, int, int, int, int)} of an image's pixels. */
    byte[] encodeInBands(RgbImage image, int quality, int requestedBands) {
        return encodeInBands(MemorySegment.ofArray(image.pixels()), image.width(), image.height(), quality,
                requestedBands);
    }

    /**
     * Encodes with the rows cut into about {@code requestedBands} bands of whole MCU rows, compressed concurrently
     * and joined by {@link RestartSplice}; one band is a plain TurboJPEG image.
     */
    byte[] encodeInBands(MemorySegment pixels, int width, int height, int quality, int requestedBands) {
        ImageEncoder.checkQuality(quality);
        int mcuColumns = Math.ceilDiv(width, MCU_SIZE);
        int mcuRows = Math.ceilDiv(height, MCU_SIZE);
        int mcuRowsPerBand = Math.min(Math.ceilDiv(mcuRows, requestedBands), MAX_RESTART_INTERVAL / mcuColumns);
        int rowsPerBand = mcuRowsPerBand * MCU_SIZE;
        int bands = Math.ceilDiv(height, rowsPerBand);
        if (bands == 1) {
            MemorySegment jpeg = compress(pixels, width, 0, height, quality);
            try {
                return jpeg.toArray(JAVA_BYTE);
            } finally {
                free(jpeg);
            }
        }
        List<MemorySegment> jpegs = ParallelBands.encode(bands, band -> compress(pixels, width, band * rowsPerBand,
                Math.min(rowsPerBand, height - band * rowsPerBand), quality), this::free);
        try {
            return RestartSplice.join(jpegs, height, mcuRowsPerBand * mcuColumns);
        } finally {
            jpegs.forEach(this::free);
        }
    }

    /** Rows {@code top} to {@code top + rows} as a JPEG in memory TurboJPEG allocated; {@link #free} releases it. */
    private MemorySegment compress(MemorySegment image, int width, int top, int rows, int quality) {
        long rowBytes = width * 4L;
        MemorySegment pixels = image.asSlice(top * rowBytes, rows * rowBytes);
        MemorySegment handle = compressors.borrow();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment jpegBuffer = arena.allocate(ADDRESS); // NULL: TurboJPEG allocates the output
            MemorySegment jpegSize = arena.allocate(JAVA_LONG);
            int status = NativeLibrary.invoke(() -> (int) compress2.invokeExact(handle, pixels, width,
                    (int) rowBytes, rows, PIXEL_FORMAT, jpegBuffer, jpegSize, TJSAMP_420, quality, 0));
            MemorySegment output = jpegBuffer.get(ADDRESS, 0);
            if (status != 0) {
                free(output);
                throw new IllegalStateException("tjCompress2 failed: " + error(handle));
            }
            return output.reinterpret(jpegSize.get(JAVA_LONG, 0));
        } finally {
            compressors.giveBack(handle);
        }
    }

    private void free(MemorySegment jpeg) {
        if (!jpeg.equals(MemorySegment.NULL)) {
            NativeLibrary.invoke(() -> {
                free.invokeExact(jpeg);
                return null;
            });
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
