package dev.uictl.vt.xterm;

import java.nio.charset.StandardCharsets;

/**
 * OSC strings: 0 and 2 set the title; 10, 11 and 12 with {@code ?} ask for the default foreground, background and
 * cursor colours, answered with xterm's defaults (black on white: the palette is the renderer's, and a program
 * waiting for an answer is worse than a plausible one); other colour, clipboard, hyperlink and cwd strings are
 * accepted and ignored.
 */
final class OscSequences {

    private OscSequences() {}

    static void dispatch(byte[] data, int length, Host host) {
        int i = 0;
        int command = 0;
        while (i < length && data[i] >= '0' && data[i] <= '9' && command < 100_000) command = command * 10 + data[i++] - '0';
        if (i == 0 || (i < length && data[i] != ';')) {
            host.unsupported("ESC]" + printable(data, length));
            return;
        }
        int textStart = Math.min(i + 1, length);
        switch (command) {
            case 0, 2 -> host.title(new String(data, textStart, length - textStart, StandardCharsets.UTF_8));
            case 10, 11, 12 -> dynamicColours(command, new String(data, textStart, length - textStart,
                    StandardCharsets.US_ASCII), host);
            case 1, 4, 7, 8, 9, 52, 104, 110, 111, 112, 133 -> { }
            default -> host.unsupported("ESC]" + printable(data, Math.min(length, 64)));
        }
    }

    /** OSC 10;?;? asks for 10 and 11 in turn (xterm): each {@code ?} is answered for its colour, others are ignored. */
    private static void dynamicColours(int first, String items, Host host) {
        String[] parts = items.split(";", -1);
        for (int i = 0; i < parts.length && first + i <= 12; i++) {
            if (!parts[i].equals("?")) continue;
            String colour = first + i == 11 ? "rgb:ffff/ffff/ffff" : "rgb:0000/0000/0000";
            host.reply("\033]" + (first + i) + ";" + colour + "\033\\");
        }
    }

    private static String printable(byte[] data, int length) {
        var sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int b = data[i] & 0xFF;
            if (b < 0x20 || b >= 0x7F) sb.append(String.format("\\x%02x", b));
            else sb.append((char) b);
        }
        return sb.toString();
    }
}
