package dev.uictl.x11.proto.core;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A property's value: its type atom (0 when the property does not exist), format (8/16/32) and raw data. */
public record PropertyValue(int type, int format, int bytesAfter, byte[] data) {
    public boolean exists() {
        return type != Atom.NONE;
    }

    /** The 32-bit items (windows, atoms, cardinals); empty unless format is 32. */
    public int[] ints() {
        if (format != 32) {
            return new int[0];
        }
        int[] out = new int[data.length / 4];
        ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }

    /** The first 32-bit item, or {@code fallback}. */
    public int firstInt(int fallback) {
        int[] v = ints();
        return v.length == 0 ? fallback : v[0];
    }

    /** The 8-bit data as text, up to the first NUL. */
    public String text(Charset charset) {
        int end = 0;
        while (end < data.length && data[end] != 0) {
            end++;
        }
        return new String(data, 0, end, charset);
    }

    /** The 8-bit data split at NULs, without the empty piece after a trailing NUL (WM_CLASS is "instance\0class\0"). */
    public List<String> strings(Charset charset) {
        List<String> out = new ArrayList<>(List.of(new String(data, charset).split("\0", -1)));
        if (!out.isEmpty() && out.getLast().isEmpty()) {
            out.removeLast();
        }
        return out;
    }

    public String utf8() {
        return text(StandardCharsets.UTF_8);
    }
}
