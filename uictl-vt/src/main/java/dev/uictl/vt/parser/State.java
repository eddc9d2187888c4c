package dev.uictl.vt.parser;

/** States of Paul Williams' DEC ANSI parser (vt100.net/emu/dec_ansi_parser); ordinals index the transition table. */
enum State {
    GROUND, ESCAPE, ESCAPE_INTERMEDIATE,
    CSI_ENTRY, CSI_PARAM, CSI_INTERMEDIATE, CSI_IGNORE,
    DCS_ENTRY, DCS_PARAM, DCS_INTERMEDIATE, DCS_PASSTHROUGH, DCS_IGNORE,
    OSC_STRING, SOS_PM_APC_STRING;

    static final State[] ALL = values();
}
