package dev.uictl.engine.desktop.clipboard;

import java.util.Locale;

/** The X selections uictl reads and serves: CLIPBOARD (Ctrl+C/Ctrl+V) and PRIMARY (select / middle-click). */
public enum Selection {
    CLIPBOARD, PRIMARY;

    /** The selection's atom name. */
    public String atomName() {
        return name();
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
