package dev.uictl.tmux.control;

import java.io.ByteArrayOutputStream;

/**
 * tmux writes pane output in control mode with every byte below space, and the backslash, as {@code \ooo}; all
 * other bytes (UTF-8 included) pass through. Decoding works on bytes so a multi-byte character split across two
 * {@code %output} lines survives.
 */
public final class OctalEscapes {
    private OctalEscapes() {
    }

    public static byte[] decode(byte[] line, int from, int to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        int i = from;
        while (i < to) {
            byte b = line[i];
            if (b == '\\' && isOctal(line, i + 1, to) && isOctal(line, i + 2, to) && isOctal(line, i + 3, to)) {
                out.write(((line[i + 1] - '0') << 6) | ((line[i + 2] - '0') << 3) | (line[i + 3] - '0'));
                i += 4;
            } else {
                out.write(b);
                i++;
            }
        }
        return out.toByteArray();
    }

    private static boolean isOctal(byte[] line, int i, int to) {
        return i < to && line[i] >= '0' && line[i] <= '7';
    }
}
