package dev.uictl.vt.xterm;

/** What the dispatch layer tells the outside world; the {@code Terminal} facade implements it. */
public interface Host {

    /** Bytes to send back to the program (query replies). */
    void reply(String ascii);

    void bell();

    void title(String title);

    /** XTWINOPS 22: saves the current title on the title stack. */
    void pushTitle();

    /** XTWINOPS 23: restores the most recently saved title, if any. */
    void popTitle();

    /** A sequence that was recognised by the parser but is not implemented; {@code sequence} is printable. */
    void unsupported(String sequence);
}
