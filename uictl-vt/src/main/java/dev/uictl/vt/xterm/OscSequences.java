package dev.uictl.vt.xterm;

import java.nio.charset.StandardCharsets;

/**
 * OSC strings: 0, 1 and 2 set the window and icon titles, the icon title or the window title; 4, 5, 10, 11 and 12 set or ask for colours and 104, 105, 110, 111 and 112
 * reset them ({@link ColourPalette}); clipboard, hyperlink, cwd and prompt strings are accepted and
 * ignored.
 */
final class OscSequences {

    private OscSequences() {}

    static void dispatch(byte[] data, int length, Host host, ColourPalette palette) {
        int i = 0;
        int command = 0;
        while (i < length && data[i] >= '0' && data[i] <= '9' && command < 100_000) command = command * 10 + data[i++] - '0';
        if (i == 0 || (i < length && data[i] != ';')) {
            host.unsupported("ESC]" + printable(data, length));
            return;
        }
        int textStart = Math.min(i + 1, length);
        switch (command) {
            case 0, 1, 2 -> {
                String text = new String(data, textStart, length - textStart, StandardCharsets.UTF_8);
                if (command != 2) host.iconTitle(text);
                if (command != 1) host.title(text);
            }
            case 4, 5, 10, 11, 12, 104, 105, 110, 111, 112 -> colours(command,
                    new String(data, textStart, length - textStart, StandardCharsets.US_ASCII), host, palette);
            case 7, 8, 9, 52, 133 -> { }
            default -> host.unsupported("ESC]" + printable(data, Math.min(length, 64)));
        }
    }

    private static void colours(int command, String text, Host host, ColourPalette palette) {
        String[] items = text.isEmpty() ? new String[0] : text.split(";", -1);
        switch (command) {
            case 4, 5 -> {   // pairs of index and colour; OSC 5 numbers the special colours from 0
                int base = command == 5 ? ColourPalette.SPECIAL : 0;
                for (int i = 0; i + 1 < items.length; i += 2) {
                    int index = number(items[i]);
                    if (index < 0 || base + index >= ColourPalette.SIZE) continue;
                    if (items[i + 1].equals("?")) {
                        host.reply("\033]" + command + ";" + index + ";"
                                + ColourPalette.report(palette.indexed(base + index)) + "\033\\");
                    } else {
                        int rgb = ColourPalette.parse(items[i + 1]);
                        if (rgb >= 0) palette.setIndexed(base + index, rgb);
                    }
                }
            }
            case 10, 11, 12 -> {   // OSC 10;a;b sets or asks for 10, then 11, … in turn (xterm)
                for (int i = 0; i < items.length && command + i <= ColourPalette.LAST_DYNAMIC; i++) {
                    int osc = command + i;
                    if (items[i].equals("?")) {
                        host.reply("\033]" + osc + ";" + ColourPalette.report(palette.dynamic(osc)) + "\033\\");
                    } else {
                        int rgb = ColourPalette.parse(items[i]);
                        if (rgb >= 0) palette.setDynamic(osc, rgb);
                    }
                }
            }
            case 104, 105 -> {   // reset the listed colours, or all of them
                int base = command == 105 ? ColourPalette.SPECIAL : 0;
                int end = command == 105 ? ColourPalette.SIZE : ColourPalette.SPECIAL;
                if (items.length == 0 || (items.length == 1 && items[0].isEmpty())) {
                    for (int index = base; index < end; index++) palette.resetIndexed(index);
                }
                for (String item : items) {
                    int index = number(item);
                    if (index >= 0 && base + index < end) palette.resetIndexed(base + index);
                }
            }
            default -> palette.resetDynamic(command - 100);   // 110, 111, 112
        }
    }

    private static int number(String text) {
        if (text.isEmpty() || text.length() > 4) return -1;
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) < '0' || text.charAt(i) > '9') return -1;
        return Integer.parseInt(text);
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
