package dev.uictl.vt.screen;

/**
 * G0/G1 designation (ESC ( X, ESC ) X) and the shift state (SI selects G0, SO selects G1). Only ASCII and DEC
 * Special Graphics are distinguished; DEC graphics maps 0x5F–0x7E to the Unicode line-drawing characters xterm shows.
 */
final class Charsets {

    private static final String DEC_GRAPHICS =
            "\u00a0◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·";   // 0x5F '_' … 0x7E '~'

    boolean g0Graphics;
    boolean g1Graphics;
    boolean shiftedToG1;

    boolean active() {
        return shiftedToG1 ? g1Graphics : g0Graphics;
    }

    int map(int codePoint) {
        if (codePoint < 0x5F || codePoint > 0x7E || !active()) return codePoint;
        return DEC_GRAPHICS.charAt(codePoint - 0x5F);
    }

    void reset() {
        g0Graphics = false;
        g1Graphics = false;
        shiftedToG1 = false;
    }
}
