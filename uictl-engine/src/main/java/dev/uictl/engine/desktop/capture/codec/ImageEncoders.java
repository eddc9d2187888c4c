package dev.uictl.engine.desktop.capture.codec;

import dev.uictl.core.schema.Nullable;

/**
 * The PNG and JPEG encoders this process uses, decided once at first use: the native libraries when the dynamic
 * loader finds them, otherwise the pure-Java encoders, with the reason kept for {@code uictl tools} and logged.
 */
public record ImageEncoders(Choice png, Choice jpeg) {
    /**
     * libdeflate's level 2: on the screen-like rows it is given (photo-like rows take Huffman-only blocks) level 1
     * was both slower and larger, e.g. half a text-heavy 1080p frame in 7.4 ms and 185 KB against 9.5 ms and 189 KB
     * (libdeflate 1.14, its "fastest" strategy of level 1 loses on long runs of zeros). On a 1080p photo-like frame
     * level 6 gained nothing in size for more time; on a text-heavy one it was ~9% smaller. Screenshots are read
     * once, soon: time wins.
     */
    static final int DEFLATE_LEVEL = 2;

    /**
     * The encoder of one format and the library it wanted; {@code fallbackReason} says why that library is not in
     * use (null when it is).
     */
    public record Choice(ImageEncoder encoder, String library, String aptPackage, @Nullable String fallbackReason) {
        public boolean nativeInUse() {
            return fallbackReason == null;
        }
    }

    /** The encoders of this process, from the system's libturbojpeg and libdeflate. */
    public static ImageEncoders installed() {
        return Installed.ENCODERS;
    }

    private static final class Installed {
        static final ImageEncoders ENCODERS = load(TurboJpeg.LIBRARY, LibDeflate.LIBRARY);

        static {
            for (Choice c : new Choice[] {ENCODERS.png(), ENCODERS.jpeg()}) {
                if (!c.nativeInUse()) {
                    System.getLogger("uictl.capture").log(System.Logger.Level.WARNING, c.library() + " is not in use ("
                            + c.fallbackReason() + "); screenshots use " + c.encoder().name());
                }
            }
        }
    }

    /** Opens the named libraries (names the dynamic loader resolves), falling back per format to pure Java. */
    static ImageEncoders load(String turboJpegLibrary, String deflateLibrary) {
        Choice jpeg;
        try {
            jpeg = new Choice(TurboJpeg.load(turboJpegLibrary), turboJpegLibrary, "libturbojpeg0", null);
        } catch (NativeLibrary.UnavailableException e) {
            jpeg = new Choice(JpegEncoder.INSTANCE, turboJpegLibrary, "libturbojpeg0", e.getMessage());
        }
        Choice png;
        try {
            png = new Choice(PngEncoder.withLibDeflate(LibDeflate.load(deflateLibrary, DEFLATE_LEVEL)), deflateLibrary,
                    "libdeflate0", null);
        } catch (NativeLibrary.UnavailableException e) {
            png = new Choice(PngEncoder.pureJava(), deflateLibrary, "libdeflate0", e.getMessage());
        }
        return new ImageEncoders(png, jpeg);
    }
}
