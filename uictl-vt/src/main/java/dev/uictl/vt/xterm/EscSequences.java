package dev.uictl.vt.xterm;

import static dev.uictl.vt.parser.Parser.key;

import dev.uictl.vt.screen.Screen;

/** ESC sequences without CSI: resets, index (also by column), tab set, keypad mode, cursor save/restore, DECALN, charset designation. */
final class EscSequences {

    private EscSequences() {}

    /** Returns false when the sequence is not implemented. */
    static boolean dispatch(int collected, int finalByte, Screen screen) {
        switch (key(collected, finalByte)) {
            case 'c' -> screen.fullReset();                       // RIS
            case 'D' -> screen.lineFeed();                        // IND
            case 'E' -> screen.nextLine();                        // NEL
            case 'H' -> screen.setTabStop();                      // HTS
            case 'M' -> screen.reverseIndex();                    // RI
            case '6' -> screen.backIndex();                       // DECBI
            case '9' -> screen.forwardIndex();                    // DECFI
            case 'V' -> screen.pen().protectArea(true);           // SPA
            case 'W' -> screen.pen().protectArea(false);          // EPA
            case '=' -> screen.modes().applicationKeypad = true;  // DECKPAM
            case '>' -> screen.modes().applicationKeypad = false; // DECKPNM
            case '7' -> screen.saveCursor();                      // DECSC
            case '8' -> screen.restoreCursor();                   // DECRC
            case '#' << 8 | '8' -> screen.alignmentTest();        // DECALN
            case '\\' -> { }                                      // ST: the string it ends was already dispatched
            case '(' << 8 | '0' -> screen.designateCharset(0, true);
            case ')' << 8 | '0' -> screen.designateCharset(1, true);
            case '(' << 8 | 'B', '(' << 8 | 'A', '(' << 8 | 'U' -> screen.designateCharset(0, false);
            case ')' << 8 | 'B', ')' << 8 | 'A', ')' << 8 | 'U' -> screen.designateCharset(1, false);
            default -> {
                return false;
            }
        }
        return true;
    }
}
