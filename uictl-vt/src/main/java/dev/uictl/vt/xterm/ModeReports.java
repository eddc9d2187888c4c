package dev.uictl.vt.xterm;

import dev.uictl.vt.screen.ModeState;
import dev.uictl.vt.screen.MouseEncoding;
import dev.uictl.vt.screen.MouseTracking;
import dev.uictl.vt.screen.Screen;

/** DECRQM answers (DECRPM values): 1 set, 2 reset, 4 permanently reset, 0 a mode the terminal does not know. */
final class ModeReports {

    private ModeReports() {}

    /** ANSI modes (CSI Ps $ p). */
    static int ansi(int mode, Screen screen) {
        return switch (mode) {
            case 4 -> flag(screen.modes().insertMode);
            case 20 -> flag(screen.modes().newLineMode);
            case 2, 12 -> flag(screen.modes().otherAnsiModes.contains(mode));
            // GATM SRTM VEM HEM PUM FEAM FETM MATM TTM SATM TSM EBM: ECMA-48 modes xterm never lets change
            case 1, 5, 7, 10, 11, 13, 14, 15, 16, 17, 18, 19 -> 4;
            default -> 0;
        };
    }

    /** DEC private modes (CSI ? Ps $ p): every mode {@code ModeSequences} accepts. */
    static int dec(int mode, Screen screen) {
        ModeState m = screen.modes();
        return switch (mode) {
            case 1 -> flag(m.applicationCursor);
            case 66 -> flag(m.applicationKeypad);
            case 3, 60 -> 4;   // DECCOLM (the width never changes), DECHCCM
            case 6 -> flag(m.originMode);
            case 7 -> flag(m.autowrap);
            case 45 -> flag(m.reverseWrap);
            case 1045 -> flag(m.reverseWrapExtended);
            case 69 -> flag(m.leftRightMargins);
            case 95 -> flag(m.noClearOnColumnMode);
            case 25 -> flag(m.cursorVisible);
            case 47, 1047, 1049 -> flag(screen.alternateScreen());
            case 1048 -> flag(screen.cursorSaved());
            case 9 -> flag(m.mouseTracking == MouseTracking.X10);
            case 1000 -> flag(m.mouseTracking == MouseTracking.NORMAL);
            case 1002 -> flag(m.mouseTracking == MouseTracking.BUTTON);
            case 1003 -> flag(m.mouseTracking == MouseTracking.ANY);
            case 1004 -> flag(m.focusEvents);
            case 1005 -> flag(m.mouseEncoding == MouseEncoding.UTF8);
            case 1006 -> flag(m.mouseEncoding == MouseEncoding.SGR);
            case 1015 -> flag(m.mouseEncoding == MouseEncoding.URXVT);
            case 2004 -> flag(m.bracketedPaste);
            case 4, 5, 12, 18, 19, 35, 42, 1001, 1034, 1036, 1039, 2026 -> flag(m.otherDecModes.contains(mode));
            default -> 0;
        };
    }

    private static int flag(boolean on) {
        return on ? 1 : 2;
    }
}
