package dev.uictl.engine.tmux;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** Pane bytes as plain text: UTF-8 decoded, escape sequences (CSI, OSC, DCS, two-byte ESC) and controls removed. */
final class AnsiText {
    private static final Pattern ESCAPES = Pattern.compile(
            "\u001b\\[[0-?]*[ -/]*[@-~]"              // CSI
                    + "|\u001b\\][^\u0007\u001b]*(?:\u0007|\u001b\\\\)?" // OSC, BEL or ST terminated
                    + "|\u001b[PX^_][^\u001b]*(?:\u001b\\\\)?"   // DCS, SOS, PM, APC
                    + "|\u001b[()*+][0-9A-Za-z]"              // charset designation
                    + "|\u001b[ -/]*[0-~]");                  // other ESC sequences
    private static final Pattern CONTROLS = Pattern.compile("[\u0000-\u0008\u000b-\u001f\u007f]");

    private AnsiText() {
    }

    static String strip(String text) {
        String s = ESCAPES.matcher(text).replaceAll("");
        s = s.replace("\r\n", "\n").replace('\r', '\n');
        return CONTROLS.matcher(s).replaceAll("");
    }

    static String strip(byte[] bytes) {
        return strip(new String(bytes, StandardCharsets.UTF_8));
    }
}
