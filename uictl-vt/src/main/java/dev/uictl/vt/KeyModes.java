package dev.uictl.vt;

/** The modes that change how keys are encoded: DECCKM, DECKPAM and bracketed paste (2004). */
public record KeyModes(boolean applicationCursor, boolean applicationKeypad, boolean bracketedPaste) {

    /** A freshly reset terminal: normal cursor keys, numeric keypad, no bracketed paste. */
    public static final KeyModes DEFAULT = new KeyModes(false, false, false);
}
