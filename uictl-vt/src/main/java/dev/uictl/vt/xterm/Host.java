package dev.uictl.vt.xterm;

/** What the dispatch layer tells the outside world; the {@code Terminal} facade implements it. */
public interface Host {

    /** Bytes to send back to the program (query replies). */
    void reply(String ascii);

    void bell();

    void title(String title);

    /** A sequence that was recognised by the parser but is not implemented; {@code sequence} is printable. */
    void unsupported(String sequence);
}
