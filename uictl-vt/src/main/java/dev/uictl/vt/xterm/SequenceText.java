package dev.uictl.vt.xterm;

import dev.uictl.vt.parser.Params;

/** Printable renderings of sequences for {@link Host#unsupported}: ESC is written "ESC". */
final class SequenceText {

    private SequenceText() {}

    static String csi(Params params, int collected, int finalByte) {
        var sb = new StringBuilder("ESC[");
        appendCollected(sb, collected, true);
        sb.append(params);
        appendCollected(sb, collected, false);
        return sb.append((char) finalByte).toString();
    }

    static String dcs(Params params, int collected, int finalByte) {
        return "ESC P" + csi(params, collected, finalByte).substring(4) + "…";
    }

    static String esc(int collected, int finalByte) {
        var sb = new StringBuilder("ESC");
        appendCollected(sb, collected, false);
        return sb.append((char) finalByte).toString();
    }

    /** Private markers (0x3C–0x3F) go before the parameters, intermediates (0x20–0x2F) after them. */
    private static void appendCollected(StringBuilder sb, int collected, boolean markers) {
        for (int shift = 16; shift >= 0; shift -= 8) {
            int b = collected >>> shift & 0xFF;
            if (b == 0) continue;
            boolean marker = b >= 0x3C;
            if (marker == markers) sb.append((char) b);
        }
    }
}
