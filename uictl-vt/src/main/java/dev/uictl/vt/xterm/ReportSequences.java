package dev.uictl.vt.xterm;

import static dev.uictl.vt.parser.Parser.key;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.ModeState;
import dev.uictl.vt.screen.MouseEncoding;
import dev.uictl.vt.screen.MouseTracking;
import dev.uictl.vt.screen.Screen;

/**
 * Queries answered through {@link Host#reply} with tmux 3.3a's answers (programs see the same terminal as under
 * tmux), plus queries and settings that are accepted without an answer (key modifier options, cursor style,
 * window operations, XTVERSION).
 */
final class ReportSequences {

    private ReportSequences() {}

    static boolean dispatch(Params p, int collected, int finalByte, Screen screen, Host host) {
        switch (key(collected, finalByte)) {
            case 'n' -> {                                              // DSR
                if (p.get(0) == 5) host.reply("\033[0n");
                else if (p.get(0) == 6) host.reply("\033[" + (screen.cursorRow() + 1) + ";" + (screen.cursorCol() + 1) + "R");
            }
            case 'c' -> {                                              // DA1
                if (p.get(0) == 0) host.reply("\033[?1;2c");
            }
            case '>' << 8 | 'c' -> {                                   // DA2
                if (p.get(0) == 0) host.reply("\033[>84;0;0c");
            }
            case '$' << 8 | 'p' -> {                                   // DECRQM, ANSI modes
                int mode = p.get(0);
                int state = mode == 4 ? (screen.modes().insertMode ? 1 : 2) : 0;
                if (mode > 0) host.reply("\033[" + mode + ";" + state + "$y");
            }
            case '?' << 16 | '$' << 8 | 'p' -> {                       // DECRQM, DEC private modes
                int mode = p.get(0);
                if (mode > 0) host.reply("\033[?" + mode + ";" + decMode(mode, screen) + "$y");
            }
            case 't' -> windowOps(p, screen, host);                    // XTWINOPS
            case '>' << 8 | 'm', '>' << 8 | 'n', '?' << 8 | 'm' -> { } // XTMODKEYS set/reset/query
            case ' ' << 8 | 'q' -> { }                                 // DECSCUSR cursor style
            case '>' << 8 | 'q' -> { }                                 // XTVERSION
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * Only what tmux answers: the size report (18) and the title stack (22/23 with 0 or 2 = window title, as
     * terminfo smcup/rmcup and vim send them). Moves, resizes and pixel reports are ignored.
     */
    private static void windowOps(Params p, Screen screen, Host host) {
        int op = p.get(0);
        boolean windowTitle = p.size() > 1 && (p.get(1) == 0 || p.get(1) == 2);
        if (op == 18) host.reply("\033[8;" + screen.rows() + ";" + screen.cols() + "t");
        else if (op == 22 && windowTitle) host.pushTitle();
        else if (op == 23 && windowTitle) host.popTitle();
    }

    /** DECRPM value: 1 set, 2 reset, 4 permanently reset, 0 unknown. */
    private static int decMode(int mode, Screen screen) {
        ModeState m = screen.modes();
        return switch (mode) {
            case 1 -> flag(m.applicationCursor);
            case 3 -> 4;
            case 6 -> flag(m.originMode);
            case 7 -> flag(m.autowrap);
            case 25 -> flag(m.cursorVisible);
            case 47, 1047, 1049 -> flag(screen.alternateScreen());
            case 9 -> flag(m.mouseTracking == MouseTracking.X10);
            case 1000 -> flag(m.mouseTracking == MouseTracking.NORMAL);
            case 1002 -> flag(m.mouseTracking == MouseTracking.BUTTON);
            case 1003 -> flag(m.mouseTracking == MouseTracking.ANY);
            case 1004 -> flag(m.focusEvents);
            case 1005 -> flag(m.mouseEncoding == MouseEncoding.UTF8);
            case 1006 -> flag(m.mouseEncoding == MouseEncoding.SGR);
            case 1015 -> flag(m.mouseEncoding == MouseEncoding.URXVT);
            case 2004 -> flag(m.bracketedPaste);
            default -> 0;
        };
    }

    private static int flag(boolean on) {
        return on ? 1 : 2;
    }
}
