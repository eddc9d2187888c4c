package dev.uictl.x11.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A growable little-endian buffer one request writes itself into. The header's length field is filled in by
 * {@link #finish(int)}, which also pads the request to a multiple of four bytes.
 */
public final class RequestBuffer {
    private final int extensionMajor;
    private ByteBuffer buf = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);

    /** {@code extensionMajor} is the major opcode of the request's extension, or 0 for core requests. */
    public RequestBuffer(int extensionMajor) {
        this.extensionMajor = extensionMajor;
    }

    /** Header of a core request: opcode, the request-specific data byte, and a length placeholder. */
    public RequestBuffer core(int opcode, int data) {
        return put8(opcode).put8(data).put16(0);
    }

    /** Header of an extension request: the extension's major opcode and {@code minor}; {@code data} is ignored by X. */
    public RequestBuffer extension(int minor) {
        if (extensionMajor == 0) {
            throw new IllegalStateException("extension request encoded without an extension major opcode");
        }
        return put8(extensionMajor).put8(minor).put16(0);
    }

    public RequestBuffer put8(int v) {
        ensure(1).put((byte) v);
        return this;
    }

    public RequestBuffer put16(int v) {
        ensure(2).putShort((short) v);
        return this;
    }

    public RequestBuffer put32(int v) {
        ensure(4).putInt(v);
        return this;
    }

    public RequestBuffer put(byte[] bytes) {
        ensure(bytes.length).put(bytes);
        return this;
    }

    public RequestBuffer skip(int n) {
        ensure(n).position(buf.position() + n);
        return this;
    }

    /** Pads with zero bytes to the next multiple of four. */
    public RequestBuffer pad() {
        return skip(Wire.pad4(buf.position()) - buf.position());
    }

    /** Latin-1 / ASCII bytes, as core requests such as InternAtom expect (no padding). */
    public static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Bytes written so far. */
    public int size() {
        return buf.position();
    }

    /**
     * Pads, writes the length in 4-byte words into the header and returns the request, flipped for writing.
     *
     * @throws X11Exception.RequestTooLong when it exceeds {@code maxWords}
     */
    public ByteBuffer finish(int maxWords) {
        pad();
        int words = buf.position() / 4;
        if (words > maxWords || words > 0xffff) {
            throw new X11Exception.RequestTooLong(words, Math.min(maxWords, 0xffff));
        }
        buf.putShort(2, (short) words);
        return buf.flip();
    }

    private ByteBuffer ensure(int n) {
        if (buf.remaining() < n) {
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(buf.capacity() * 2, buf.position() + n))
                    .order(ByteOrder.LITTLE_ENDIAN);
            bigger.put(buf.flip());
            buf = bigger;
        }
        return buf;
    }
}
