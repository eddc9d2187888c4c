package dev.uictl.vt.xterm;

import dev.uictl.vt.screen.Screen;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * XTGETTCAP (DCS + q Pt ST): asks for terminfo capabilities by hex-encoded name, separated by {@code ;}. Answered
 * one DCS per name as xterm does: DCS 1 + r name = value ST for a capability this terminal has a value for (the
 * number of colours, 256), DCS 0 + r name ST for the others.
 */
final class TermcapRequest extends DcsRequest {

    TermcapRequest() {
        super(256);   // a few names are enough for any program
    }

    @Override
    String reply(Screen screen) {
        var out = new StringBuilder();
        for (String hexName : text().split(";")) {
            String value = switch (decode(hexName)) {
                case "Co", "colors" -> "256";
                case null, default -> null;
            };
            if (value == null) out.append("\033P0+r").append(hexName).append("\033\\");
            else out.append("\033P1+r").append(hexName).append('=')
                    .append(HexFormat.of().withUpperCase().formatHex(value.getBytes(StandardCharsets.US_ASCII)))
                    .append("\033\\");
        }
        return out.toString();
    }

    /** The name, or null when it is not hex. */
    private static String decode(String hexName) {
        try {
            return new String(HexFormat.of().parseHex(hexName), StandardCharsets.ISO_8859_1);
        } catch (IllegalArgumentException notHex) {
            return null;
        }
    }
}
