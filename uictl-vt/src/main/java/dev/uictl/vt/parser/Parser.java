package dev.uictl.vt.parser;

import java.util.Arrays;

/**
 * Paul Williams' DEC ANSI parser for UTF-8 streams: bytes in, {@link Performer} calls out, no meaning attached.
 * Table-driven ({@link TransitionTable}); state, parameters and UTF-8 decoding survive across {@link #advance}
 * calls, so sequences and code points may be split anywhere. Runs of printable ASCII in the ground state go to
 * {@link Performer#printAscii} in one call; nothing is allocated in the ground state.
 *
 * <p>8-bit C1 controls are not recognised: in a UTF-8 stream 0x80–0x9F are continuation bytes (as in tmux).
 */
public final class Parser {

    /** Longest OSC payload kept; the rest is dropped (xterm and tmux bound it too). */
    static final int MAX_OSC_LENGTH = 64 * 1024;
    /** Bytes of private marker + intermediates kept; more makes the sequence invalid (vte keeps 2 intermediates). */
    private static final int MAX_COLLECTED = 3;

    private static final int GROUND = State.GROUND.ordinal();
    private static final int ESCAPE = State.ESCAPE.ordinal();
    private static final int CSI_ENTRY = State.CSI_ENTRY.ordinal();
    private static final int CSI_PARAM = State.CSI_PARAM.ordinal();
    private static final int DCS_ENTRY = State.DCS_ENTRY.ordinal();
    private static final int DCS_PASSTHROUGH = State.DCS_PASSTHROUGH.ordinal();
    private static final int OSC_STRING = State.OSC_STRING.ordinal();
    private static final int SOS_PM_APC_STRING = State.SOS_PM_APC_STRING.ordinal();

    private final Performer performer;
    private final Params params = new Params();
    private final Utf8Decoder utf8 = new Utf8Decoder();
    private int state = GROUND;
    private int collected;
    private int collectedCount;
    private byte[] osc = new byte[256];
    private int oscLength;

    public Parser(Performer performer) {
        this.performer = performer;
    }

    /** The key dispatchers switch on: collected bytes (see {@link Performer}) followed by the final byte. */
    public static int key(int collected, int finalByte) {
        return collected << 8 | finalByte;
    }

    public void advance(byte[] data) {
        advance(data, 0, data.length);
    }

    public void advance(byte[] data, int offset, int length) {
        int end = offset + length;
        int i = offset;
        while (i < end) {
            if (state == GROUND) {
                if (!utf8.pending()) {
                    int run = PrintableRun.end(data, i, end);
                    if (run > i) {
                        performer.printAscii(data, i, run);
                        i = run;
                        continue;
                    }
                    int b = data[i];
                    if (b >= 0 && b < 0x20 && b != 0x1B) {
                        // A C0 control in the ground state: the table says execute and stay (no exit or entry
                        // action); taking it here spares the table path for the CR LF that ends every line.
                        performer.execute(b);
                        i++;
                        continue;
                    }
                    if (b == 0x1B && i + 1 < end && data[i + 1] == '[') {
                        // ESC [ from the ground state, as the table takes it in two steps (ESC enters ESCAPE,
                        // '[' enters CSI_ENTRY, each entry clears; no actions, no exit actions): one step here
                        // for the SGR around every coloured word.
                        clear();
                        state = CSI_ENTRY;
                        i += 2;
                        continue;
                    }
                    int consumed = printUtf8(data, i, end);
                    if (consumed > 0) {
                        i += consumed;
                        continue;
                    }
                }
            } else if (state == CSI_ENTRY || state == CSI_PARAM) {
                // Fast path for "digits ; : then a final byte", the bulk of SGR-heavy output. It must agree with the
                // table: params move CSI_ENTRY/CSI_PARAM to CSI_PARAM, a final byte dispatches and returns to GROUND,
                // neither state has entry or exit actions. Anything else takes the table path below.
                int j = i;
                while (j < end) {
                    int b = data[j];
                    if (b >= '0' && b <= '9') params.digit(b - '0');
                    else if (b == ';' || b == ':') params.separator(b == ':');
                    else break;
                    j++;
                }
                if (j > i) {
                    state = CSI_PARAM;
                    i = j;
                    if (i == end) break;
                }
                int b = data[i];
                if (b >= 0x40 && b <= 0x7E) {
                    i++;
                    state = GROUND;
                    perform(Action.CSI_DISPATCH, b);
                    continue;
                }
            }
            advance(data[i++] & 0xFF);
        }
    }

    /**
     * Ground-state fast path for one complete, valid multi-byte UTF-8 sequence at {@code i}; returns the bytes
     * consumed, or 0 to leave split or invalid input to {@link Utf8Decoder} (which applies the same validity rules).
     */
    private int printUtf8(byte[] data, int i, int end) {
        int b0 = data[i] & 0xFF;
        if (b0 < 0xC2 || b0 > 0xF4) return 0;
        if (b0 < 0xE0) {
            if (i + 1 >= end || !continuation(data[i + 1], 0x80, 0xBF)) return 0;
            performer.print((b0 & 0x1F) << 6 | data[i + 1] & 0x3F);
            return 2;
        }
        if (b0 < 0xF0) {
            if (i + 2 >= end) return 0;
            int lower = b0 == 0xE0 ? 0xA0 : 0x80;
            int upper = b0 == 0xED ? 0x9F : 0xBF;
            if (!continuation(data[i + 1], lower, upper) || !continuation(data[i + 2], 0x80, 0xBF)) return 0;
            performer.print((b0 & 0x0F) << 12 | (data[i + 1] & 0x3F) << 6 | data[i + 2] & 0x3F);
            return 3;
        }
        if (i + 3 >= end) return 0;
        int lower = b0 == 0xF0 ? 0x90 : 0x80;
        int upper = b0 == 0xF4 ? 0x8F : 0xBF;
        if (!continuation(data[i + 1], lower, upper) || !continuation(data[i + 2], 0x80, 0xBF)
                || !continuation(data[i + 3], 0x80, 0xBF)) return 0;
        performer.print((b0 & 0x07) << 18 | (data[i + 1] & 0x3F) << 12 | (data[i + 2] & 0x3F) << 6 | data[i + 3] & 0x3F);
        return 4;
    }

    private static boolean continuation(byte b, int lower, int upper) {
        int v = b & 0xFF;
        return v >= lower && v <= upper;
    }

    private void advance(int b) {
        if (utf8.pending() || (b >= 0x80 && state == GROUND)) {
            decode(b);
            return;
        }
        if (b >= 0x80) {
            if (state == OSC_STRING) oscPut(b);
            else if (state == DCS_PASSTHROUGH) performer.put(b);
            return;
        }
        int entry = TransitionTable.lookup(state, b);
        int next = TransitionTable.next(entry);
        if (next != state || b == 0x1B) exit(state, b);
        perform(TransitionTable.action(entry), b);
        if (next != state || b == 0x1B) {
            state = next;
            enter(next, b);
        }
    }

    private void decode(int b) {
        int cp = utf8.feed(b);
        if (cp == Utf8Decoder.PENDING) return;
        if (cp == Utf8Decoder.REJECT_AND_RETRY) {
            performer.print(Utf8Decoder.REPLACEMENT);
            advance(b);
            return;
        }
        performer.print(cp);
    }

    private void perform(int action, int b) {
        switch (action) {
            case Action.NONE, Action.IGNORE -> { }
            case Action.PRINT -> performer.print(b);
            case Action.EXECUTE -> performer.execute(b);
            case Action.COLLECT -> collect(b);
            case Action.PARAM -> {
                if (b <= '9') params.digit(b - '0');
                else params.separator(b == ':');
            }
            case Action.ESC_DISPATCH -> {
                if (collectedCount <= MAX_COLLECTED) performer.escDispatch(collected, b);
                else performer.ignored("ESC sequence with too many intermediates");
            }
            case Action.CSI_DISPATCH -> {
                if (collectedCount <= MAX_COLLECTED) performer.csiDispatch(params, collected, b);
                else performer.ignored("CSI sequence with too many intermediates");
            }
            case Action.PUT -> performer.put(b);
            case Action.OSC_PUT -> oscPut(b);
            case Action.DROP -> performer.ignored("malformed CSI sequence ending in '" + (char) b + "'");
            default -> throw new IllegalStateException("unknown parser action " + action);
        }
    }

    private void exit(int from, int b) {
        boolean aborted = b == 0x18 || b == 0x1A;   // CAN/SUB cancel a string instead of terminating it
        if (from == OSC_STRING) {
            if (!aborted) performer.oscDispatch(osc, oscLength);
        }
        else if (from == DCS_PASSTHROUGH) performer.unhook();
        else if (from == SOS_PM_APC_STRING) performer.ignored("SOS/PM/APC string");
    }

    private void enter(int to, int b) {
        if (to == ESCAPE || to == CSI_ENTRY || to == DCS_ENTRY) clear();
        else if (to == OSC_STRING) oscLength = 0;
        else if (to == DCS_PASSTHROUGH) {
            if (collectedCount <= MAX_COLLECTED) performer.hook(params, collected, b);
        }
    }

    private void clear() {
        collected = 0;
        collectedCount = 0;
        params.reset();
    }

    private void collect(int b) {
        if (++collectedCount <= MAX_COLLECTED) collected = collected << 8 | b;
    }

    private void oscPut(int b) {
        if (oscLength == osc.length) {
            if (oscLength >= MAX_OSC_LENGTH) return;
            osc = Arrays.copyOf(osc, Math.min(osc.length * 2, MAX_OSC_LENGTH));
        }
        osc[oscLength++] = (byte) b;
    }
}
