package dev.uictl.vt;

/** Something the program did that is not screen content. */
public sealed interface TerminalEvent {

    /** OSC 0 or OSC 2 set the window title. */
    record TitleChanged(String title) implements TerminalEvent {}

    /** BEL in the ground state. */
    record Bell() implements TerminalEvent {}

    /** A sequence the emulator does not implement; it was ignored. {@code sequence} is printable (ESC shown as "ESC"). */
    record Unsupported(String sequence) implements TerminalEvent {}
}
