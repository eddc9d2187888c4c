package dev.uictl.vt.xterm;

import static dev.uictl.vt.parser.Parser.key;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.ModeState;
import dev.uictl.vt.screen.MouseEncoding;
import dev.uictl.vt.screen.MouseTracking;
import dev.uictl.vt.screen.Screen;
import java.util.function.Consumer;

/** SM/RM (CSI h/l), DECSET/DECRST (CSI ? h/l), DECSTR (CSI ! p) and DECSCL (CSI Pl ; Pc " p). */
final class ModeSequences {

    private ModeSequences() {}

    static boolean dispatch(Params p, int collected, int finalByte, Screen screen, Consumer<String> unsupported) {
        switch (key(collected, finalByte)) {
            case 'h', 'l' -> {
                for (int i = 0; i < Math.max(p.size(), 1); i++) {
                    if (!ansi(p.get(i), finalByte == 'h', screen)) unsupported.accept("ESC[" + p.get(i) + (char) finalByte);
                }
            }
            case '?' << 8 | 'h', '?' << 8 | 'l' -> {
                for (int i = 0; i < Math.max(p.size(), 1); i++) {
                    if (!dec(p.get(i), finalByte == 'h', screen)) unsupported.accept("ESC[?" + p.get(i) + (char) finalByte);
                }
            }
            case '!' << 8 | 'p' -> screen.softReset();   // DECSTR
            case '"' << 8 | 'p' -> {                       // DECSCL: a level (61–65) and a soft reset, as xterm
                int level = p.get(0) - 60;
                if (level >= 1 && level <= 5) {
                    screen.softReset();
                    screen.modes().conformanceLevel = level;
                } else {
                    unsupported.accept(SequenceText.csi(p, collected, finalByte));
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean ansi(int mode, boolean on, Screen screen) {
        switch (mode) {
            case 4 -> screen.modes().insertMode = on;   // IRM
            case 20 -> screen.modes().newLineMode = on; // LNM
            case 34 -> { }                               // cursor visibility style (tmux): no effect here
            case 2, 12 -> {                              // KAM, SRM: accepted without effect, reported by DECRQM
                if (on) screen.modes().otherAnsiModes.add(mode);
                else screen.modes().otherAnsiModes.remove(mode);
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean dec(int mode, boolean on, Screen screen) {
        ModeState m = screen.modes();
        switch (mode) {
            case 1 -> m.applicationCursor = on;                      // DECCKM
            case 66 -> m.applicationKeypad = on;                     // DECNKM, as DECKPAM / DECKPNM
            case 3 -> {                                              // DECCOLM: no resize, but home + clear (tmux)
                screen.cursorPosition(1, 1);
                if (!(m.noClearOnColumnMode && m.conformanceLevel >= 5)) screen.eraseInDisplay(2);
            }
            case 95 -> m.noClearOnColumnMode = on;                   // DECNCSM
            case 6 -> screen.setOriginMode(on);                      // DECOM
            case 7 -> m.autowrap = on;                               // DECAWM
            case 45 -> m.reverseWrap = on;                           // reverse wraparound
            case 1045 -> m.reverseWrapExtended = on;                 // extended reverse wraparound
            case 69 -> {                                             // DECLRMM, from level 4
                if (m.conformanceLevel >= 4) screen.setLeftRightMarginMode(on);
            }
            case 25 -> m.cursorVisible = on;                         // DECTCEM
            case 9 -> mouse(m, on, MouseTracking.X10);
            case 1000 -> mouse(m, on, MouseTracking.NORMAL);
            case 1002 -> mouse(m, on, MouseTracking.BUTTON);
            case 1003 -> mouse(m, on, MouseTracking.ANY);
            case 1004 -> m.focusEvents = on;
            case 1005 -> encoding(m, on, MouseEncoding.UTF8);
            case 1006 -> encoding(m, on, MouseEncoding.SGR);
            case 1015 -> encoding(m, on, MouseEncoding.URXVT);
            case 47, 1047 -> {
                if (on) screen.enterAlternateScreen(false);
                else screen.leaveAlternateScreen(false, mode == 47);   // 1047 clears the alternate screen
            }
            case 1048 -> {
                if (on) screen.saveCursor();
                else screen.restoreCursor();
            }
            case 1049 -> {
                if (on) screen.enterAlternateScreen(true);
                else screen.leaveAlternateScreen(true, false);
            }
            case 2004 -> m.bracketedPaste = on;
            // Accepted without effect on the model: smooth scroll, reverse video, blinking cursor, print form feed
            // and extent, Hebrew keyboard, national charsets, 1001 highlight tracking, alt-sends-escape and
            // friends, synchronized output.
            case 4, 5, 12, 18, 19, 35, 42, 1001, 1034, 1036, 1039, 2026 -> {
                if (on) m.otherDecModes.add(mode);
                else m.otherDecModes.remove(mode);
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static void mouse(ModeState m, boolean on, MouseTracking tracking) {
        if (on) m.mouseTracking = tracking;
        else m.mouseTracking = MouseTracking.NONE;   // tmux: resetting any mouse mode turns all off
    }

    private static void encoding(ModeState m, boolean on, MouseEncoding encoding) {
        if (on) m.mouseEncoding = encoding;
        else if (m.mouseEncoding == encoding) m.mouseEncoding = MouseEncoding.DEFAULT;
    }
}
