package dev.uictl.vt.xterm;

import static dev.uictl.vt.parser.Parser.key;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.Screen;

/** CSI cursor movement, tab movement, cursor save/restore and DECSLRM (which shares SCOSC's final byte). */
final class CursorSequences {

    private CursorSequences() {}

    static boolean dispatch(Params p, int collected, int finalByte, Screen screen) {
        switch (key(collected, finalByte)) {
            case 'A', 'k' -> screen.cursorUp(p.get(0));                 // CUU, VPB
            case 'B' -> screen.cursorDown(p.get(0));                    // CUD
            case 'e' -> screen.cursorRelative(Math.max(p.get(0), 1), 0); // VPR
            case 'C' -> screen.cursorForward(p.get(0));                 // CUF
            case 'a' -> screen.cursorRelative(0, Math.max(p.get(0), 1)); // HPR
            case 'D', 'j' -> screen.cursorBack(p.get(0));               // CUB, HPB
            case 'E' -> {                                               // CNL
                screen.carriageReturn();
                screen.cursorDown(p.get(0));
            }
            case 'F' -> {                                               // CPL
                screen.carriageReturn();
                screen.cursorUp(p.get(0));
            }
            case 'G', '`' -> screen.cursorColumn(p.get(0));             // CHA, HPA
            case 'd' -> screen.cursorRow(p.get(0));                     // VPA
            case 'H', 'f' -> screen.cursorPosition(p.get(0), p.get(1)); // CUP, HVP
            case 'I' -> screen.tabForward(p.get(0));                    // CHT
            case 'Z' -> screen.tabBackward(p.get(0));                   // CBT
            case 'g' -> screen.clearTabStops(p.get(0));                 // TBC
            case 's' -> {                                               // DECSLRM while DECLRMM is set, else SCOSC
                if (screen.modes().leftRightMargins) screen.setLeftRightMargins(p.get(0), p.get(1));
                else if (p.size() == 0) screen.saveCursor();
            }
            case 'u' -> screen.restoreCursor();                         // SCORC
            default -> {
                return false;
            }
        }
        return true;
    }
}
