package dev.uictl.x11.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Byte fixtures of server packets, laid out as the X11 protocol document specifies. */
public final class Packets {
    private Packets() {
    }

    /** A reply whose {@code words} start at offset 8 (the first reply-specific field). */
    public static ByteBuffer reply(int seq, int dataByte, int... words) {
        int extra = Math.max(0, words.length - 6);
        ByteBuffer b = ByteBuffer.allocate(32 + extra * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 1).put((byte) dataByte).putShort((short) seq).putInt(extra);
        for (int w : words) {
            b.putInt(w);
        }
        return b.position(0);
    }

    public static ByteBuffer error(int seq, int code, int badValue, int major, int minor) {
        ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0).put((byte) code).putShort((short) seq).putInt(badValue).putShort((short) minor).put((byte) major);
        return b.position(0);
    }

    public static ByteBuffer propertyNotify(int seq, int window, int atom, boolean deleted) {
        ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 28).put((byte) 0).putShort((short) seq).putInt(window).putInt(atom).putInt(1234)
                .put((byte) (deleted ? 1 : 0));
        return b.position(0);
    }

    /** A minimal successful setup reply: one 24-bit format, one screen with one depth and one TrueColor visual. */
    public static ByteBuffer setupReply(int root, int width, int height) {
        String vendor = "Fixture";
        int vendorPadded = Wire.pad4(vendor.length());
        int extraBytes = 32 + vendorPadded + 8 + 40 + 8 + 24;
        ByteBuffer b = ByteBuffer.allocate(8 + extraBytes).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 1).put((byte) 0).putShort((short) 11).putShort((short) 0).putShort((short) (extraBytes / 4));
        b.putInt(12101004).putInt(0x00400000).putInt(0x001fffff).putInt(256)
                .putShort((short) vendor.length()).putShort((short) 65535).put((byte) 1).put((byte) 1)
                .put((byte) 0).put((byte) 0).put((byte) 32).put((byte) 32).put((byte) 8).put((byte) 255).putInt(0);
        b.put(vendor.getBytes()).position(b.position() + vendorPadded - vendor.length());
        b.put((byte) 24).put((byte) 32).put((byte) 32).position(b.position() + 5);
        b.putInt(root).putInt(0x20).putInt(0xffffff).putInt(0).putInt(0).putShort((short) width)
                .putShort((short) height).putShort((short) 338).putShort((short) 211).putShort((short) 1)
                .putShort((short) 1).putInt(0x21).put((byte) 0).put((byte) 0).put((byte) 24).put((byte) 1);
        b.put((byte) 24).put((byte) 0).putShort((short) 1).putInt(0);
        b.putInt(0x21).put((byte) 4).put((byte) 8).putShort((short) 256).putInt(0xff0000).putInt(0xff00)
                .putInt(0xff).putInt(0);
        return b.flip();
    }

    public static ByteBuffer setupRefused(String reason) {
        ByteBuffer b = ByteBuffer.allocate(8 + Wire.pad4(reason.length())).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0).put((byte) reason.length()).putShort((short) 11).putShort((short) 0)
                .putShort((short) (Wire.pad4(reason.length()) / 4)).put(reason.getBytes());
        return b.position(0);
    }
}
