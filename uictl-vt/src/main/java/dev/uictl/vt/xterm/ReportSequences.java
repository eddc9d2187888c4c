package dev.uictl.vt.xterm;

import static dev.uictl.vt.parser.Parser.key;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.Screen;

/**
 * Queries answered through {@link Host#reply}: device attributes and status as tmux 3.3a answers them (programs
 * identify the same terminal as under tmux), cursor position, mode and rectangle reports as xterm makes them, plus
 * queries and settings that are accepted without an answer (key modifier options, window operations, XTVERSION).
 */
final class ReportSequences {

    /** DA1 as tmux 3.3a answers it (VT100 with advanced video), also the answer to DECID. */
    static final String PRIMARY_ATTRIBUTES = "\033[?1;2c";

    private ReportSequences() {}

    static boolean dispatch(Params p, int collected, int finalByte, Screen screen, Host host) {
        switch (key(collected, finalByte)) {
            case 'n' -> {                                              // DSR
                if (p.get(0) == 5) host.reply("\033[0n");
                else if (p.get(0) == 6) host.reply("\033[" + reportedRow(screen) + ";" + reportedCol(screen) + "R");
            }
            case '?' << 8 | 'n' -> {                                   // DECDSR (DECXCPR and the others)
                String reply = DeviceStatusReports.reply(p, screen);
                if (reply != null) host.reply(reply);
            }
            case '*' << 8 | 'y' -> host.reply(RectangleChecksum.reply(p, screen)); // DECRQCRA
            case 'c' -> {                                              // DA1
                if (p.get(0) == 0) host.reply(PRIMARY_ATTRIBUTES);
            }
            case '>' << 8 | 'c' -> {                                   // DA2
                if (p.get(0) == 0) host.reply("\033[>84;0;0c");
            }
            case '$' << 8 | 'p' -> {                                   // DECRQM, ANSI modes (from level 3)
                int mode = p.get(0);
                if (mode > 0 && screen.modes().conformanceLevel >= 3) host.reply("\033[" + mode + ";" + ModeReports.ansi(mode, screen) + "$y");
            }
            case '?' << 16 | '$' << 8 | 'p' -> {                       // DECRQM, DEC private modes (from level 3)
                int mode = p.get(0);
                if (mode > 0 && screen.modes().conformanceLevel >= 3) host.reply("\033[?" + mode + ";" + ModeReports.dec(mode, screen) + "$y");
            }
            case 't' -> windowOps(p, screen, host);                    // XTWINOPS
            case '>' << 8 | 'm', '>' << 8 | 'n', '?' << 8 | 'm' -> { } // XTMODKEYS set/reset/query
            case ' ' << 8 | 'q' -> {                                   // DECSCUSR cursor style (reported by DECRQSS)
                if (p.get(0) <= 6) screen.modes().cursorStyle = p.get(0);
            }
            case '>' << 8 | 'q' -> { }                                 // XTVERSION
            case '$' << 8 | '~', '$' << 8 | '}' -> {                   // DECSSDT, DECSASD: there is no status line
                if (p.get(0) != 0) host.unsupported(SequenceText.csi(p, '$', finalByte));
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * The size report (18), the icon and window title reports (20, 21) and the title stack (22/23: 0 both titles,
     * 1 the icon's, 2 the window's), as xterm. Moves, resizes, iconifying and pixel reports are ignored: the size
     * is the pseudo-terminal's, which the program does not own.
     */
    private static void windowOps(Params p, Screen screen, Host host) {
        int op = p.get(0);
        int which = p.get(1);
        if (op == 18) host.reply("\033[8;" + screen.rows() + ";" + screen.cols() + "t");
        else if (op == 20) host.reply("\033]L" + host.iconTitle() + "\033\\");
        else if (op == 21) host.reply("\033]l" + host.title() + "\033\\");
        else if (op == 22 && which <= 2) host.pushTitle(which);
        else if (op == 23 && which <= 2) host.popTitle(which);
    }

    /** CPR's row: in origin mode counted from the scroll region's top, as xterm does. */
    static int reportedRow(Screen screen) {
        return screen.cursorRow() + 1 - (screen.modes().originMode ? screen.regionTop() : 0);
    }

    /** CPR's column: in origin mode counted from the left margin, as xterm does. */
    static int reportedCol(Screen screen) {
        return screen.cursorCol() + 1 - (screen.modes().originMode ? screen.marginLeft() : 0);
    }
}
