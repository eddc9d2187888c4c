package dev.uictl.vt.screen;

import java.util.HashSet;
import java.util.Set;

/** Terminal modes that change no cell by themselves; the screen and the key encoder read them. */
public final class ModeState {

    public boolean applicationCursor;
    public boolean applicationKeypad;
    public boolean bracketedPaste;
    public boolean focusEvents;
    public boolean autowrap = true;
    public boolean originMode;
    public boolean insertMode;
    /** LNM: line feed, vertical tab and form feed also return the carriage. */
    public boolean newLineMode;
    public boolean cursorVisible = true;
    /** DECLRMM (69): DECSLRM may set left and right margins (CSI s is then no longer SCOSC). */
    public boolean leftRightMargins;
    /**
     * The VT conformance level DECSCL chose (1–5): DECRQM needs 3, left and right margins 4, DECNCSM 5, as in
     * xterm. It survives resets.
     */
    public int conformanceLevel = 5;
    /** DECNCSM (95): DECCOLM does not clear the screen (level 5). */
    public boolean noClearOnColumnMode;
    /** Reverse wraparound (45): with autowrap, BS and CUB continue at the end of the row wrapped onto this one. */
    public boolean reverseWrap;
    /** Extended reverse wraparound (1045): with autowrap, BS and CUB wrap to the row above whatever it is. */
    public boolean reverseWrapExtended;
    public MouseTracking mouseTracking = MouseTracking.NONE;
    public MouseEncoding mouseEncoding = MouseEncoding.DEFAULT;
    /** DECSCUSR's cursor style (0 and 1 blinking block, … 6 steady bar); the model only reports it. */
    public int cursorStyle = 1;
    /** DEC private and ANSI modes accepted without an effect on the model that are set: DECRQM reports them. */
    public final Set<Integer> otherDecModes = new HashSet<>();
    public final Set<Integer> otherAnsiModes = new HashSet<>();

    /** Power-on state (RIS). */
    public void reset() {
        applicationCursor = false;
        applicationKeypad = false;
        bracketedPaste = false;
        focusEvents = false;
        autowrap = true;
        originMode = false;
        insertMode = false;
        newLineMode = false;
        cursorVisible = true;
        leftRightMargins = false;
        reverseWrap = false;
        reverseWrapExtended = false;
        noClearOnColumnMode = false;
        mouseTracking = MouseTracking.NONE;
        mouseEncoding = MouseEncoding.DEFAULT;
        cursorStyle = 1;
        otherDecModes.clear();
        otherAnsiModes.clear();
    }
}
