package dev.uictl.vt.parser;

/** Transition actions of the DEC ANSI parser, as small ints so that a table entry packs action and next state. */
final class Action {
    static final int NONE = 0;
    static final int IGNORE = 1;
    static final int PRINT = 2;
    static final int EXECUTE = 3;
    static final int COLLECT = 4;
    static final int PARAM = 5;
    static final int ESC_DISPATCH = 6;
    static final int CSI_DISPATCH = 7;
    static final int PUT = 8;
    static final int OSC_PUT = 9;
    /** CSI or DCS that the machine discards (Williams' csi-ignore exit): reported, not dispatched. */
    static final int DROP = 10;

    private Action() {}
}
