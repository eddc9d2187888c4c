package dev.uictl.x11.wire;

import java.util.List;

/**
 * What the server announced in the connection setup reply: identity ranges for new resources, limits, the image
 * formats and the screens.
 *
 * @param maxRequestLength in 4-byte words
 */
public record Setup(int protocolMajor, int protocolMinor, String vendor, int releaseNumber, int resourceIdBase,
                    int resourceIdMask, int maxRequestLength, int imageByteOrder, int bitmapBitOrder,
                    int minKeycode, int maxKeycode, List<PixmapFormat> formats, List<Screen> screens) {

    /** One supported depth's pixel layout. */
    public record PixmapFormat(int depth, int bitsPerPixel, int scanlinePad) {
    }

    public record Visual(int id, int visualClass, int bitsPerRgb, int colormapEntries, int redMask,
                         int greenMask, int blueMask) {
    }

    public record Depth(int depth, List<Visual> visuals) {
    }

    public record Screen(int root, int defaultColormap, int whitePixel, int blackPixel, int currentInputMasks,
                         int widthPx, int heightPx, int widthMm, int heightMm, int rootVisual, int rootDepth,
                         List<Depth> depths) {
    }
}
