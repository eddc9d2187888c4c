package dev.uictl.engine.desktop.capture.codec;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Joins baseline JPEGs of horizontal bands of one image, encoded independently with the same tables, into one JPEG
 * of the whole image: the first band's headers with the full height in the frame header, a DRI segment whose restart
 * interval is the MCU count of one band, then each band's entropy-coded data separated by restart markers. A restart
 * marker resets the DC predictors, which is exactly the state an independently encoded band starts in, and each
 * band's data already ends byte-aligned (padded with 1 bits), as a marker requires. So the bands can be encoded in
 * parallel and the result decodes to the same pixels as encoding the image at once (ITU-T T.81, B.2.5 and F.1.2.3).
 *
 * <p>Every band but the last must span a whole number of MCU rows, all of the same height.
 */
final class RestartSplice {
    private static final int MARKER_SOI = 0xD8;
    private static final int MARKER_SOF0 = 0xC0;
    private static final int MARKER_SOF1 = 0xC1;
    private static final int MARKER_DRI = 0xDD;
    private static final int MARKER_SOS = 0xDA;
    private static final int MARKER_RST0 = 0xD0;
    private static final int MARKER_EOI = 0xD9;
    /** DRI: marker, length 4, the 16-bit restart interval. */
    private static final int DRI_LENGTH = 6;

    private RestartSplice() {
    }

    /** Where a band's headers end and its entropy-coded data lies. */
    private record Layout(int frameHeaderAt, int scanHeaderAt, int dataAt, int dataEnd) {
    }

    /**
     * @param bands         the bands' JPEGs, top to bottom
     * @param height        the height of the whole image in pixels
     * @param mcusPerBand   the MCU count of every band but the last (at most 65535, the largest restart interval)
     */
    static byte[] join(List<MemorySegment> bands, int height, int mcusPerBand) {
        if (mcusPerBand < 1 || mcusPerBand > 0xFFFF) {
            throw new IllegalArgumentException("restart interval out of range: " + mcusPerBand);
        }
        Layout[] layouts = new Layout[bands.size()];
        long length = 0;
        for (int i = 0; i < layouts.length; i++) {
            layouts[i] = layout(bands.get(i));
            length += layouts[i].dataEnd() - layouts[i].dataAt() + 2; // + the RST or EOI marker after it
        }
        MemorySegment first = bands.getFirst();
        Layout head = layouts[0];
        length += head.dataAt() + DRI_LENGTH;
        byte[] out = new byte[Math.toIntExact(length)];

        MemorySegment.copy(first, JAVA_BYTE, 0, out, 0, head.scanHeaderAt());
        int heightAt = head.frameHeaderAt() + 5; // marker (2), length (2), sample precision (1)
        out[heightAt] = (byte) (height >>> 8);
        out[heightAt + 1] = (byte) height;
        int at = head.scanHeaderAt();
        out[at++] = (byte) 0xFF;
        out[at++] = (byte) MARKER_DRI;
        out[at++] = 0;
        out[at++] = 4;
        out[at++] = (byte) (mcusPerBand >>> 8);
        out[at++] = (byte) mcusPerBand;
        int scanHeaderLength = head.dataAt() - head.scanHeaderAt();
        MemorySegment.copy(first, JAVA_BYTE, head.scanHeaderAt(), out, at, scanHeaderLength);
        at += scanHeaderLength;
        for (int i = 0; i < layouts.length; i++) {
            int data = layouts[i].dataEnd() - layouts[i].dataAt();
            MemorySegment.copy(bands.get(i), JAVA_BYTE, layouts[i].dataAt(), out, at, data);
            at += data;
            out[at++] = (byte) 0xFF;
            out[at++] = (byte) (i == layouts.length - 1 ? MARKER_EOI : MARKER_RST0 + i % 8);
        }
        return out;
    }

    /** Walks the marker segments up to the scan; the entropy-coded data runs from there to the closing EOI. */
    private static Layout layout(MemorySegment jpeg) {
        int length = Math.toIntExact(jpeg.byteSize());
        if (length < 4 || marker(jpeg, 0) != MARKER_SOI || marker(jpeg, length - 2) != MARKER_EOI) {
            throw new IllegalArgumentException("not a complete JPEG");
        }
        int frameHeader = -1;
        int at = 2;
        while (at + 4 <= length) {
            int marker = marker(jpeg, at);
            int segmentLength = (unsignedByte(jpeg, at + 2) << 8) | unsignedByte(jpeg, at + 3);
            switch (marker) {
                case MARKER_SOF0, MARKER_SOF1 -> frameHeader = at;
                case MARKER_DRI -> throw new IllegalArgumentException("band already has restart markers");
                case MARKER_SOS -> {
                    if (frameHeader < 0) {
                        throw new IllegalArgumentException("no baseline frame header before the scan");
                    }
                    return new Layout(frameHeader, at, at + 2 + segmentLength, length - 2);
                }
                default -> {
                    if (marker >= 0xC2 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
                        throw new IllegalArgumentException("not a baseline sequential JPEG (SOF marker " + marker
                                + ")");
                    }
                }
            }
            at += 2 + segmentLength;
        }
        throw new IllegalArgumentException("no scan in the JPEG");
    }

    private static int marker(MemorySegment jpeg, int at) {
        if (unsignedByte(jpeg, at) != 0xFF) {
            throw new IllegalArgumentException("expected a marker at byte " + at);
        }
        return unsignedByte(jpeg, at + 1);
    }

    private static int unsignedByte(MemorySegment jpeg, int at) {
        return jpeg.get(JAVA_BYTE, at) & 0xFF;
    }
}
