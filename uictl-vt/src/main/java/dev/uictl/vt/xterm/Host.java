package dev.uictl.vt.xterm;

/** What the dispatch layer tells the outside world; the {@code Terminal} facade implements it. */
public interface Host {

    /** Text to send back to the program (query replies), UTF-8 encoded (only title reports go beyond ASCII). */
    void reply(String text);

    void bell();

    /** OSC 2 (and 0): the window title. */
    void title(String title);

    /** OSC 1 (and 0): the icon title, kept only to be reported and saved on the title stack. */
    void iconTitle(String title);

    /** The window title, for XTWINOPS 21. */
    String title();

    /** The icon title, for XTWINOPS 20. */
    String iconTitle();

    /** XTWINOPS 22: saves the icon title (which = 1), the window title (2) or both (0) on the title stack. */
    void pushTitle(int which);

    /** XTWINOPS 23: restores from the most recently saved entry the icon title (1), window title (2) or both (0). */
    void popTitle(int which);

    /** A sequence that was recognised by the parser but is not implemented; {@code sequence} is printable. */
    void unsupported(String sequence);
}
