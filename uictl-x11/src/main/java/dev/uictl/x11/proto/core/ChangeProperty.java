package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** ChangeProperty (18). {@code data} holds {@code data.length / (format / 8)} items. */
public record ChangeProperty(int mode, int window, int property, int type, int format, byte[] data)
        implements VoidRequest {
    public static final int REPLACE = 0;
    public static final int PREPEND = 1;
    public static final int APPEND = 2;

    /** Replaces the property with a UTF-8 / Latin-1 string of {@code type} (e.g. UTF8_STRING or STRING). */
    public static ChangeProperty string(int window, int property, int type, String value) {
        byte[] bytes = value.getBytes(type == Atom.STRING ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        return new ChangeProperty(REPLACE, window, property, type, 8, bytes);
    }

    /** Replaces the property with 32-bit items of {@code type} (CARDINAL, ATOM, WINDOW). */
    public static ChangeProperty ints(int window, int property, int type, int... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(values);
        return new ChangeProperty(REPLACE, window, property, type, 32, b.array());
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(18, mode).put32(window).put32(property).put32(type).put8(format).skip(3)
                .put32(data.length / (format / 8)).put(data);
    }
}
