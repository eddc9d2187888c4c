package dev.uictl.engine.desktop.capture.codec;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/** The PNG container around compressed pixel data: signature, chunk framing and the 8-bit RGB header. */
final class PngChunks {
    static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    /** Length, type and CRC around a chunk's data. */
    static final int FRAMING = 12;
    static final byte[] IEND = chunk("IEND", new byte[0]);

    private PngChunks() {
    }

    /** Signature and IHDR: 8-bit truecolour RGB, deflate, adaptive filtering, no interlace. */
    static byte[] header(int width, int height) {
        byte[] ihdr = new byte[13];
        putInt(ihdr, 0, width);
        putInt(ihdr, 4, height);
        ihdr[8] = 8; // bit depth
        ihdr[9] = 2; // colour type: truecolour RGB
        ByteArrayOutputStream out = new ByteArrayOutputStream(SIGNATURE.length + FRAMING + ihdr.length);
        out.writeBytes(SIGNATURE);
        out.writeBytes(chunk("IHDR", ihdr));
        return out.toByteArray();
    }

    static byte[] chunk(String type, byte[] data) {
        byte[] chunk = new byte[FRAMING + data.length];
        System.arraycopy(data, 0, chunk, 8, data.length);
        frame(chunk, 0, type, data.length);
        return chunk;
    }

    /**
     * Completes the chunk whose {@code length} data bytes already sit at {@code offset + 8} of {@code buffer}:
     * writes its length and type in front and its CRC behind; returns the offset after the chunk.
     */
    static int frame(byte[] buffer, int offset, String type, int length) {
        putInt(buffer, offset, length);
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(typeBytes, 0, buffer, offset + 4, 4);
        CRC32 crc = new CRC32();
        crc.update(buffer, offset + 4, 4 + length);
        putInt(buffer, offset + 8 + length, (int) crc.getValue());
        return offset + FRAMING + length;
    }

    static void putInt(byte[] buffer, int offset, int v) {
        buffer[offset] = (byte) (v >>> 24);
        buffer[offset + 1] = (byte) (v >>> 16);
        buffer[offset + 2] = (byte) (v >>> 8);
        buffer[offset + 3] = (byte) v;
    }
}
