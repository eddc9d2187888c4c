package dev.uictl.x11.wire;

import java.nio.ByteBuffer;
import java.nio.charset.Charset;

/** Small helpers shared by codecs: padding and reading counted strings out of replies. */
public final class Wire {
    private Wire() {
    }

    public static int pad4(int n) {
        return (n + 3) & ~3;
    }

    /** {@code length} bytes at {@code offset} decoded with {@code charset}. */
    public static String string(ByteBuffer b, int offset, int length, Charset charset) {
        byte[] bytes = new byte[length];
        b.get(offset, bytes);
        return new String(bytes, charset);
    }

    /** The extra data after the 32-byte reply header, as reported by the length field at offset 4. */
    public static int extraLength(ByteBuffer reply) {
        return reply.getInt(4) * 4;
    }
}
