package dev.uictl.vt.screen;

import dev.uictl.vt.Style;

/** The current graphic rendition (SGR state) applied to printed characters; see {@link Attrs} for the packing. */
public final class Pen {

    int fg;
    int bg;
    /** DECSCA 1 or SPA: characters printed now are protected (see {@link #isoProtection}). */
    boolean protect;
    /**
     * Which erasures respect protected cells (xterm's protected_mode): DECSED and DECSEL always do; after SPA (ISO
     * 6429) ED, EL and ECH do too and DECSERA does not; after DECSCA DECSERA does and ED, EL and ECH do not.
     */
    boolean isoProtection;

    /** The pen as the style a printed character would get. */
    public Style style() {
        return Attrs.toStyle(fg, bg);
    }

    public void reset() {
        fg = 0;
        bg = 0;
    }

    /** DECSCA: 1 protects what is printed from now on, 0 and 2 stop protecting. */
    public void protect(boolean on) {
        protect = on;
        isoProtection = false;
    }

    /** SPA / EPA: start or end an ISO 6429 protected area. */
    public void protectArea(boolean on) {
        protect = on;
        isoProtection = true;
    }

    public boolean protecting() {
        return protect;
    }

    /** The background a printed cell stores: the colour, with the protection flag. */
    int cellBg() {
        return protect ? bg | Attrs.PROTECTED : bg;
    }

    public void addFlags(int flags) {
        fg |= flags;
    }

    public void clearFlags(int flags) {
        fg &= ~flags;
    }

    public void foreground(int color) {
        fg = Attrs.flags(fg) | color;
    }

    public void background(int color) {
        bg = color;
    }

    /** Restores a pen saved as {@code fg} and {@link #cellBg()} (DECRC: the protection comes back too). */
    void copyFrom(int fg, int cellBg) {
        this.fg = fg;
        this.bg = cellBg & ~Attrs.PROTECTED;
        this.protect = (cellBg & Attrs.PROTECTED) != 0;
    }
}
