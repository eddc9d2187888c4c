package dev.uictl.vt.xterm;

import static dev.uictl.vt.parser.Parser.key;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.Screen;

/** CSI erase, insert, delete (characters, lines, columns), scroll and margin sequences, and REP. */
final class EraseSequences {

    private EraseSequences() {}

    static boolean dispatch(Params p, int collected, int finalByte, Screen screen) {
        switch (key(collected, finalByte)) {
            case 'J' -> screen.eraseInDisplay(p.get(0));            // ED
            case '?' << 8 | 'J' -> screen.selectiveEraseInDisplay(p.get(0)); // DECSED
            case 'K' -> screen.eraseInLine(p.get(0));               // EL
            case '?' << 8 | 'K' -> screen.selectiveEraseInLine(p.get(0));    // DECSEL
            case 'X' -> screen.eraseChars(p.get(0));                // ECH
            case '@' -> screen.insertChars(p.get(0));               // ICH
            case 'P' -> screen.deleteChars(p.get(0));               // DCH
            case 'L' -> screen.insertLines(p.get(0));               // IL
            case 'M' -> screen.deleteLines(p.get(0));               // DL
            case 'S' -> screen.scrollUp(p.get(0));                  // SU
            case 'T' -> {                                           // SD (with more than one parameter: mouse tracking, ignored)
                if (p.size() <= 1) screen.scrollDown(p.get(0));
            }
            case 'r' -> screen.setScrollRegion(p.get(0), p.get(1)); // DECSTBM
            case '\'' << 8 | '}' -> screen.insertColumns(p.get(0));  // DECIC
            case '\'' << 8 | '~' -> screen.deleteColumns(p.get(0));  // DECDC
            case 'b' -> screen.repeatLast(p.get(0));                // REP
            default -> {
                return false;
            }
        }
        return true;
    }
}
