package dev.uictl.x11.proto.image;

import dev.uictl.x11.wire.Setup;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * How a ZPixmap image of one depth and visual is laid out: bits per pixel, scanline padding, byte order and the
 * TrueColor channel masks. Decodes server pixel data into {@code 0x??RRGGBB} ints (top byte undefined).
 *
 * @param msbFirst      the server's image byte order is most significant byte first
 * @param scanlinePad   in bits
 */
public record PixelLayout(int depth, int bitsPerPixel, int scanlinePad, boolean msbFirst, int redMask,
                          int greenMask, int blueMask) {
    private static final int TRUE_COLOR = 4;
    private static final int DIRECT_COLOR = 5;

    public PixelLayout {
        if (bitsPerPixel != 8 && bitsPerPixel != 16 && bitsPerPixel != 24 && bitsPerPixel != 32) {
            throw new IllegalArgumentException("unsupported pixel size: " + bitsPerPixel + " bits");
        }
        if (redMask == 0 || greenMask == 0 || blueMask == 0) {
            throw new IllegalArgumentException("only TrueColor/DirectColor visuals can be decoded to RGB");
        }
    }

    /** The layout of the screen's root window (its depth and visual), as announced in the setup reply. */
    public static PixelLayout ofRoot(Setup setup, Setup.Screen screen) {
        Setup.PixmapFormat format = setup.formats().stream().filter(f -> f.depth() == screen.rootDepth()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no pixmap format for depth " + screen.rootDepth()));
        Setup.Visual visual = screen.depths().stream().flatMap(d -> d.visuals().stream())
                .filter(v -> v.id() == screen.rootVisual()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("root visual " + screen.rootVisual() + " not listed"));
        if (visual.visualClass() != TRUE_COLOR && visual.visualClass() != DIRECT_COLOR) {
            throw new IllegalArgumentException("the root visual is not TrueColor (class " + visual.visualClass() + ")");
        }
        return new PixelLayout(screen.rootDepth(), format.bitsPerPixel(), format.scanlinePad(),
                setup.imageByteOrder() == 1, visual.redMask(), visual.greenMask(), visual.blueMask());
    }

    /** Bytes per scanline of a {@code width}-pixel row, padding included. */
    public int bytesPerLine(int width) {
        int bits = width * bitsPerPixel;
        return (bits + scanlinePad - 1) / scanlinePad * scanlinePad / 8;
    }

    /** True when pixels are little-endian 32-bit 0x??RRGGBB, the layout of every common X server. */
    public boolean isDirectRgb32() {
        return bitsPerPixel == 32 && !msbFirst && redMask == 0xFF0000 && greenMask == 0xFF00 && blueMask == 0xFF;
    }

    /**
     * Decodes {@code rows} scanlines of {@code width} pixels starting at {@code data}'s position into
     * {@code out[outOffset ...]}, row after row.
     */
    public void decode(ByteBuffer data, int width, int rows, int[] out, int outOffset) {
        int stride = bytesPerLine(width);
        int base = data.position();
        if (isDirectRgb32()) {
            var ints = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            for (int y = 0; y < rows; y++) {
                ints.position(base + y * stride);
                ints.asIntBuffer().get(out, outOffset + y * width, width);
            }
            return;
        }
        Channel red = new Channel(redMask);
        Channel green = new Channel(greenMask);
        Channel blue = new Channel(blueMask);
        int bytesPerPixel = bitsPerPixel / 8;
        for (int y = 0; y < rows; y++) {
            int p = base + y * stride;
            for (int x = 0; x < width; x++, p += bytesPerPixel) {
                int v = pixel(data, p, bytesPerPixel);
                out[outOffset + y * width + x] = red.eightBit(v) << 16 | green.eightBit(v) << 8 | blue.eightBit(v);
            }
        }
    }

    private int pixel(ByteBuffer data, int p, int bytes) {
        int v = 0;
        for (int i = 0; i < bytes; i++) {
            int b = data.get(p + i) & 0xFF;
            v = msbFirst ? v << 8 | b : v | b << (8 * i);
        }
        return v;
    }

    /** One colour channel: its mask's position and width, scaled to 8 bits (5-bit 31 becomes 255). */
    private record Channel(int shift, int bits) {
        Channel(int mask) {
            this(Integer.numberOfTrailingZeros(mask), Integer.bitCount(mask));
        }

        int eightBit(int pixel) {
            int v = (pixel >>> shift) & ((1 << bits) - 1);
            if (bits >= 8) {
                return v >>> (bits - 8);
            }
            return v * 255 / ((1 << bits) - 1);
        }
    }
}
