package dev.uictl.vt.keys;

/** A key name that {@link KeyEncoder} does not understand; the message names it and lists the valid forms. */
public final class KeySyntaxException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    static final String VALID_FORMS = "a single character, or a name: Enter Tab S-Tab BTab Escape BSpace Space "
            + "Up Down Left Right Home End PgUp PageUp PgDn PageDown IC Insert DC Delete F1..F12 "
            + "KP0..KP9 KP/ KP* KP- KP+ KP. KPEnter; optionally prefixed by modifiers C- (Ctrl), M- (Alt/Meta), "
            + "S- (Shift) or ^x for C-x, e.g. C-c, M-x, C-M-a, S-Up, C-Left";

    private final String key;

    KeySyntaxException(String key, String problem) {
        super("invalid key '" + key + "': " + problem + "; valid keys are " + VALID_FORMS);
        this.key = key;
    }

    /** The key name as given. */
    public String key() {
        return key;
    }
}
