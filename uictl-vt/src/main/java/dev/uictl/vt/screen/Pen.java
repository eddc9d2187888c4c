package dev.uictl.vt.screen;

import dev.uictl.vt.Style;

/** The current graphic rendition (SGR state) applied to printed characters; see {@link Attrs} for the packing. */
public final class Pen {

    int fg;
    int bg;
    /** DECSCA 1: characters printed now are protected from selective erase. */
    boolean protect;

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

    void copyFrom(int fg, int bg) {
        this.fg = fg;
        this.bg = bg;
    }
}
