package dev.uictl.vt.parser;

import static dev.uictl.vt.parser.Action.*;
import static dev.uictl.vt.parser.State.*;

/**
 * The VT500 transition table for 7-bit input, built once: {@code entry = action << 4 | nextState}. Bytes 0x80–0xFF
 * are UTF-8 and never reach the table (see {@link Parser}). One deviation from Williams, as in xterm.js and vte:
 * ':' is a parameter separator (sub-parameters such as {@code 38:2::r:g:b}) rather than a reason to ignore.
 */
final class TransitionTable {

    private static final int STATE_COUNT = State.ALL.length;
    private static final byte[] TABLE = build();

    private TransitionTable() {}

    static int lookup(int state, int b) {
        return TABLE[state << 7 | b] & 0xFF;
    }

    static int action(int entry) {
        return entry >>> 4;
    }

    static int next(int entry) {
        return entry & 0xF;
    }

    private static byte[] build() {
        var t = new Builder();
        for (State s : State.ALL) {
            t.set(s, 0x00, 0x7F, NONE, s);             // default: stay, do nothing
            t.set(s, 0x18, 0x18, EXECUTE, GROUND);      // CAN and SUB abort any sequence
            t.set(s, 0x1A, 0x1A, EXECUTE, GROUND);
            t.set(s, 0x1B, 0x1B, NONE, ESCAPE);         // ESC restarts from anywhere (also ST's first half)
        }
        for (State s : new State[]{GROUND, ESCAPE, ESCAPE_INTERMEDIATE, CSI_ENTRY, CSI_PARAM, CSI_INTERMEDIATE, CSI_IGNORE}) {
            t.executeC0(s);
        }
        t.set(GROUND, 0x20, 0x7E, PRINT, GROUND);
        t.set(GROUND, 0x7F, 0x7F, IGNORE, GROUND);

        t.set(ESCAPE, 0x20, 0x2F, COLLECT, ESCAPE_INTERMEDIATE);
        t.set(ESCAPE, 0x30, 0x7E, ESC_DISPATCH, GROUND);
        t.set(ESCAPE, 0x50, 0x50, NONE, DCS_ENTRY);
        t.set(ESCAPE, 0x5B, 0x5B, NONE, CSI_ENTRY);
        t.set(ESCAPE, 0x5D, 0x5D, NONE, OSC_STRING);
        t.set(ESCAPE, 0x58, 0x58, NONE, SOS_PM_APC_STRING);
        t.set(ESCAPE, 0x5E, 0x5F, NONE, SOS_PM_APC_STRING);
        t.set(ESCAPE, 0x7F, 0x7F, IGNORE, ESCAPE);

        t.set(ESCAPE_INTERMEDIATE, 0x20, 0x2F, COLLECT, ESCAPE_INTERMEDIATE);
        t.set(ESCAPE_INTERMEDIATE, 0x30, 0x7E, ESC_DISPATCH, GROUND);
        t.set(ESCAPE_INTERMEDIATE, 0x7F, 0x7F, IGNORE, ESCAPE_INTERMEDIATE);

        t.set(CSI_ENTRY, 0x20, 0x2F, COLLECT, CSI_INTERMEDIATE);
        t.set(CSI_ENTRY, 0x30, 0x3B, PARAM, CSI_PARAM);
        t.set(CSI_ENTRY, 0x3C, 0x3F, COLLECT, CSI_PARAM);
        t.set(CSI_ENTRY, 0x40, 0x7E, CSI_DISPATCH, GROUND);
        t.set(CSI_ENTRY, 0x7F, 0x7F, IGNORE, CSI_ENTRY);

        t.set(CSI_PARAM, 0x20, 0x2F, COLLECT, CSI_INTERMEDIATE);
        t.set(CSI_PARAM, 0x30, 0x3B, PARAM, CSI_PARAM);
        t.set(CSI_PARAM, 0x3C, 0x3F, NONE, CSI_IGNORE);
        t.set(CSI_PARAM, 0x40, 0x7E, CSI_DISPATCH, GROUND);
        t.set(CSI_PARAM, 0x7F, 0x7F, IGNORE, CSI_PARAM);

        t.set(CSI_INTERMEDIATE, 0x20, 0x2F, COLLECT, CSI_INTERMEDIATE);
        t.set(CSI_INTERMEDIATE, 0x30, 0x3F, NONE, CSI_IGNORE);
        t.set(CSI_INTERMEDIATE, 0x40, 0x7E, CSI_DISPATCH, GROUND);
        t.set(CSI_INTERMEDIATE, 0x7F, 0x7F, IGNORE, CSI_INTERMEDIATE);

        t.set(CSI_IGNORE, 0x20, 0x3F, IGNORE, CSI_IGNORE);
        t.set(CSI_IGNORE, 0x40, 0x7E, DROP, GROUND);
        t.set(CSI_IGNORE, 0x7F, 0x7F, IGNORE, CSI_IGNORE);

        t.set(DCS_ENTRY, 0x20, 0x2F, COLLECT, DCS_INTERMEDIATE);
        t.set(DCS_ENTRY, 0x30, 0x3B, PARAM, DCS_PARAM);
        t.set(DCS_ENTRY, 0x3C, 0x3F, COLLECT, DCS_PARAM);
        t.set(DCS_ENTRY, 0x40, 0x7E, NONE, DCS_PASSTHROUGH);

        t.set(DCS_PARAM, 0x20, 0x2F, COLLECT, DCS_INTERMEDIATE);
        t.set(DCS_PARAM, 0x30, 0x3B, PARAM, DCS_PARAM);
        t.set(DCS_PARAM, 0x3C, 0x3F, NONE, DCS_IGNORE);
        t.set(DCS_PARAM, 0x40, 0x7E, NONE, DCS_PASSTHROUGH);

        t.set(DCS_INTERMEDIATE, 0x20, 0x2F, COLLECT, DCS_INTERMEDIATE);
        t.set(DCS_INTERMEDIATE, 0x30, 0x3F, NONE, DCS_IGNORE);
        t.set(DCS_INTERMEDIATE, 0x40, 0x7E, NONE, DCS_PASSTHROUGH);

        t.set(DCS_PASSTHROUGH, 0x00, 0x17, PUT, DCS_PASSTHROUGH);
        t.set(DCS_PASSTHROUGH, 0x19, 0x19, PUT, DCS_PASSTHROUGH);
        t.set(DCS_PASSTHROUGH, 0x1C, 0x7E, PUT, DCS_PASSTHROUGH);

        t.set(OSC_STRING, 0x07, 0x07, NONE, GROUND);   // BEL terminates OSC (xterm)
        t.set(OSC_STRING, 0x20, 0x7F, OSC_PUT, OSC_STRING);
        return t.table;
    }

    private static final class Builder {
        final byte[] table = new byte[STATE_COUNT * 128];

        void set(State s, int from, int to, int action, State next) {
            for (int b = from; b <= to; b++) table[s.ordinal() << 7 | b] = (byte) (action << 4 | next.ordinal());
        }

        void executeC0(State s) {
            set(s, 0x00, 0x17, EXECUTE, s);
            set(s, 0x19, 0x19, EXECUTE, s);
            set(s, 0x1C, 0x1F, EXECUTE, s);
        }
    }
}
